import { ApiCode, userInfoSchema } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
});
afterAll(async () => ctx.close());

interface UserIndex {
  guest: Record<string, unknown> | null;
  user: Record<string, unknown>;
}

const SESSION_EXPIRED = { status: 401, code: ApiCode.SESSION_INVALID, data: null };

describe('/v3/user/index', () => {
  it("returns the guest's identity and user-info record for a valid session", async () => {
    const session = await client.initGuest();
    const result = await client.call<UserIndex>('/v3/user/index', {}, { session });
    expect(result).toMatchObject({ status: 200, code: 1 });
    const { guest, user } = result.data!;
    expect(guest).toEqual(session.guest);
    expect(Object.keys(user).sort()).toEqual(Object.keys(userInfoSchema.shape).sort());
    expect(user).toMatchObject({
      id: session.userId,
      nichen: session.guest['guest_name'],
      uuid: session.guest['guest_uuid'],
      pass: session.guest['pass'],
      vip: 0,
      rmb: 0,
      vipday: 0,
      // Today's free AI tries left: the default 3 a day.
      ai_free_time: 3,
      is_guest: true,
    });
    expect(user['inviteid']).toMatch(/^\w{8}$/);
  });

  it('presents balances from the stored row (rmb in yuan, coins as cion) and VIP days left as of now', async () => {
    const session = await client.initGuest();
    const viptime = Math.floor(Date.now() / 1000) + 30 * 86_400 - 100;
    await ctx.db
      .updateTable('users')
      .set({ coins: 120, ticket: 7, rmb_fen: 1999, vip: 1, vipday: 99, viptime })
      .where('id', '=', session.userId)
      .execute();
    const { user } = (await client.call<UserIndex>('/v3/user/index', {}, { session })).data!;
    expect(user).toMatchObject({ cion: 120, ticket: 7, rmb: 19.99, vip: 1, vipday: 30, viptime });
  });

  it('reads an expired VIP as not VIP, keeping when it ended', async () => {
    const session = await client.initGuest();
    await ctx.db
      .updateTable('users')
      .set({ vip: 1, vipday: 30, viptime: 1_600_000_000 })
      .where('id', '=', session.userId)
      .execute();
    const { user } = (await client.call<UserIndex>('/v3/user/index', {}, { session })).data!;
    expect(user).toMatchObject({ vip: 0, vipday: 0, viptime: 1_600_000_000 });
  });

  it('answers a registered user with guest null', async () => {
    const session = await client.initGuest();
    await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', session.userId).execute();
    const result = await client.call<UserIndex>('/v3/user/index', {}, { session });
    expect(result.data).toMatchObject({
      guest: null,
      user: { id: session.userId, is_guest: false, pass: '' },
    });
  });

  it("refuses a valid token used with another user's id with HTTP 401", async () => {
    const alice = await client.initGuest();
    const bob = await client.initGuest();
    const result = await client.call('/v3/user/index', {}, { session: { ...alice, userId: bob.userId } });
    expect(result).toMatchObject(SESSION_EXPIRED);
    expect(result.msg).toMatch(/log in again/);
  });

  it("refuses a revoked session with HTTP 401, while the same guest's other session still works", async () => {
    const session = await client.initGuest();
    const other = await client.initGuest(session.deviceid);
    expect(await ctx.app.services.sessions.revoke(session.token)).toBe(true);
    expect(await client.call('/v3/user/index', {}, { session })).toMatchObject(SESSION_EXPIRED);
    expect((await client.call('/v3/user/index', {}, { session: other })).code).toBe(1);
  });

  it.each([
    ['a garbage token', 'not-a-real-token'],
    ['an empty token', ''],
  ])('refuses %s with HTTP 401', async (_label, token) => {
    const session = await client.initGuest();
    expect(await client.call('/v3/user/index', {}, { session: { ...session, token } })).toMatchObject(
      SESSION_EXPIRED,
    );
  });

  it('refuses a session whose user was deleted with HTTP 401', async () => {
    const session = await client.initGuest();
    await ctx.db.updateTable('users').set({ deleted_time: 1 }).where('id', '=', session.userId).execute();
    expect(await client.call('/v3/user/index', {}, { session })).toMatchObject(SESSION_EXPIRED);
  });

  it('checks the envelope before the session: a wrong apikey is APIKEY_INVALID, not 401', async () => {
    const session = await client.initGuest();
    const result = await client.call('/v3/user/index', {}, { session, merged: { apikey: 'nope' } });
    expect(result).toMatchObject({ status: 200, code: ApiCode.APIKEY_INVALID });
  });
});
