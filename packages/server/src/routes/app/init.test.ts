import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, newDeviceId, type TestClient } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
});
afterAll(async () => ctx.close());

interface InitData {
  token: string;
  is_guest: boolean;
  guest: {
    guest_id: number;
    guest_name: string;
    guest_uuid: string;
    pass: string;
    pic: string;
    ai_cos_coin: number;
  };
  user: { id: number };
}

describe('/v3/app/init', () => {
  it('creates a guest for a new device with the spec fields', async () => {
    const result = await client.call<InitData>('/v3/app/init', { deviceid: newDeviceId() });
    expect(result).toMatchObject({ status: 200, code: 1, msg: 'ok' });
    const data = result.data!;
    expect(Object.keys(data).sort()).toEqual(['guest', 'is_guest', 'token', 'user']);
    expect(Object.keys(data.guest).sort()).toEqual(
      ['ai_cos_coin', 'guest_id', 'guest_name', 'guest_uuid', 'pass', 'pic'].sort(),
    );
    expect(data.is_guest).toBe(true);
    expect(data.user.id).toBe(data.guest.guest_id);
    expect(data.guest.guest_name).toMatch(/^游客\w+$/);
    expect(data.guest.guest_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.guest.pass).toMatch(/^\w{6,}$/);
    expect(data.guest.pass).not.toBe(data.token);
    expect(data.token.length).toBeGreaterThanOrEqual(43);
  });

  it('returns the same guest for the same device, with a new token each time; both tokens work', async () => {
    const deviceid = newDeviceId();
    const first = (await client.call<InitData>('/v3/app/init', { deviceid })).data!;
    const second = (await client.call<InitData>('/v3/app/init', { deviceid })).data!;
    expect(second.guest).toEqual(first.guest);
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);
    for (const token of [first.token, second.token]) {
      const info = await client.call(
        '/v3/user/index',
        {},
        { session: { token, userId: first.user.id, deviceid, isGuest: true } },
      );
      expect(info.code).toBe(1);
    }
  });

  it('gives different devices different guests', async () => {
    const a = (await client.call<InitData>('/v3/app/init', { deviceid: newDeviceId() })).data!;
    const b = (await client.call<InitData>('/v3/app/init', { deviceid: newDeviceId() })).data!;
    expect(a.user.id).not.toBe(b.user.id);
    expect(a.guest.guest_uuid).not.toBe(b.guest.guest_uuid);
    expect(a.guest.guest_name).not.toBe(b.guest.guest_name);
  });

  it('gives one guest to a device that inits several times at once', async () => {
    const deviceid = newDeviceId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => client.call<InitData>('/v3/app/init', { deviceid })),
    );
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(new Set(results.map((r) => r.data!.user.id)).size).toBe(1);
  });

  it('gives a device whose guest was deleted a new guest', async () => {
    const deviceid = newDeviceId();
    const before = (await client.call<InitData>('/v3/app/init', { deviceid })).data!;
    await ctx.db.updateTable('users').set({ deleted_time: 1 }).where('id', '=', before.user.id).execute();
    const after = (await client.call<InitData>('/v3/app/init', { deviceid })).data!;
    expect(after.user.id).not.toBe(before.user.id);
    const again = (await client.call<InitData>('/v3/app/init', { deviceid })).data!;
    expect(again.user.id).toBe(after.user.id);
  });

  it('refuses a missing deviceid, naming it', async () => {
    const result = await client.call('/v3/app/init', {}, { merged: { deviceid: undefined } });
    expect(result).toMatchObject({ code: ApiCode.PARAMS_INVALID, data: null });
    expect(result.msg).toContain('"deviceid"');
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await client.call<InitData>('/v3/app/init', { deviceid: newDeviceId() })).data!;
    const rows = await ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});
