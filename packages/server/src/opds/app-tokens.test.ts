/**
 * App tokens end to end: created on the settings calls (registered accounts only, shown once),
 * used as HTTP Basic against /opds, revoked; refusals are 401 with a challenge, and a flood of
 * wrong passwords from one address is slowed down with 429.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccountsHarness, newIp, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import type { TestSession } from '../testing/test-client.js';
import { basic, basicFor, createAppToken } from '../testing/opds.js';
import { OPDS_FAILURE_LIMIT } from './app-token.service.js';

let h: AccountsHarness;
let alice: TestSession;

interface TokenList {
  opds_path: string;
  username: string;
  list: { id: number; name: string; hint: string; created_time: number; last_used_time: number }[];
}

async function opds(authorization: string | undefined, url = '/opds', ip = '203.0.113.9') {
  return h.ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: authorization ? { authorization } : {},
  });
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  alice = await h.registerByEmail(uniqueEmail('alice'), 'password 1');
});
afterAll(async () => h.close());
beforeEach(async () => h.forgetLimits());

describe('app tokens', () => {
  it('are refused to guests, who are asked to log in first', async () => {
    const guest = await h.client.initGuest();
    const created = await h.call('/v3/opds/token_create', { name: 'KOReader' }, { session: guest });
    expect(created.code).toBe(ApiCode.LOGIN_REQUIRED);
    expect(
      await h.ctx.db.selectFrom('app_tokens').selectAll().where('user_id', '=', guest.userId).execute(),
    ).toEqual([]);
  });

  it('are shown once, stored as a hash, listed with their last use, and open the catalogue', async () => {
    const token = await createAppToken(h, alice, 'Kobo KOReader');
    expect(token.secret).toMatch(/^dm51_[A-Za-z0-9_-]{32}$/);
    expect(token.username).toBe(String(alice.userId));

    const rows = await h.ctx.db.selectFrom('app_tokens').selectAll().where('id', '=', token.id).execute();
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token.secret);

    const before = await h.call<TokenList>('/v3/opds/tokens', {}, { session: alice });
    expect(before.data!.opds_path).toBe('/opds');
    const listed = before.data!.list.find((item) => item.id === token.id)!;
    expect(listed).toMatchObject({ name: 'Kobo KOReader', hint: token.secret.slice(-4), last_used_time: 0 });
    expect(JSON.stringify(before.data)).not.toContain(token.secret);

    const root = await opds(basicFor(token));
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toBe('application/atom+xml;profile=opds-catalog;kind=navigation');
    const after = await h.call<TokenList>('/v3/opds/tokens', {}, { session: alice });
    expect(after.data!.list.find((item) => item.id === token.id)!.last_used_time).toBeGreaterThan(0);
  });

  it('take the login name as the user name too, or the token alone in the user name field', async () => {
    const token = await createAppToken(h, alice);
    await h.ctx.db
      .updateTable('users')
      .set({ name: 'alice_reader' })
      .where('id', '=', alice.userId)
      .execute();
    expect((await opds(basic('alice_reader', token.secret))).statusCode).toBe(200);
    expect((await opds(basic(token.secret, ''))).statusCode).toBe(200);
    // Someone else's user name with Alice's token does not pass.
    const refused = await opds(basic(String(alice.userId + 1000), token.secret));
    expect(refused.statusCode).toBe(401);
  });

  it('answer 401 with a Basic challenge when missing, wrong or revoked', async () => {
    const missing = await opds(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(missing.body).toContain('app token');

    const wrong = await opds(basic(String(alice.userId), 'dm51_not-a-token'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic realm=/);

    const token = await createAppToken(h, alice, 'Panels');
    expect((await opds(basicFor(token), '/opds/comics')).statusCode).toBe(200);
    expect((await h.call('/v3/opds/token_revoke', { id: token.id }, { session: alice })).code).toBe(1);
    const revoked = await opds(basicFor(token), '/opds/comics');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toMatch(/^Basic/);
    const list = await h.call<TokenList>('/v3/opds/tokens', {}, { session: alice });
    expect(list.data!.list.map((item) => item.id)).not.toContain(token.id);
    // Revoking again changes nothing and says so.
    const again = await h.call('/v3/opds/token_revoke', { id: token.id }, { session: alice });
    expect(again.code).toBe(ApiCode.APP_TOKEN_NOT_FOUND);
  });

  it('stop working when the account is deleted', async () => {
    const bob = await h.registerByEmail(uniqueEmail('bob'), 'password 2');
    const token = await createAppToken(h, bob);
    expect((await opds(basicFor(token))).statusCode).toBe(200);
    const gone = await h.call(
      '/v3/user/write_off',
      { password: 'password 2' },
      { session: bob, ip: newIp() },
    );
    expect(gone.code).toBe(1);
    const refused = await opds(basicFor(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('are limited to 10 live ones per account', async () => {
    const carol = await h.registerByEmail(uniqueEmail('carol'), 'password 3');
    for (let i = 0; i < 10; i += 1) await createAppToken(h, carol, `device ${i}`);
    const eleventh = await h.call('/v3/opds/token_create', { name: 'one more' }, { session: carol });
    expect(eleventh.code).toBe(ApiCode.APP_TOKEN_LIMIT);
    expect(eleventh.msg).toContain('revoke');
  });

  it('slow down an address that keeps failing (429 with Retry-After), without locking out others', async () => {
    const token = await createAppToken(h, alice);
    const ip = '203.0.113.77';
    for (let i = 0; i < OPDS_FAILURE_LIMIT.limit; i += 1) {
      expect((await opds(basic(String(alice.userId), `dm51_guess${i}`), '/opds', ip)).statusCode).toBe(401);
    }
    const limited = await opds(basicFor(token), '/opds', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await opds(basicFor(token), '/opds', '203.0.113.78')).statusCode).toBe(200);
  });
});
