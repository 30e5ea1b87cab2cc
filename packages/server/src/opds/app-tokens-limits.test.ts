/**
 * OPDS Basic authentication under a parallel burst of bad tokens from one address: each attempt is
 * counted before the token is looked up, so at most the limit are checked; a good token from
 * another address still opens the catalogue, and good tokens are not left counted as failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { basic, basicFor, createAppToken } from '../testing/opds.js';
import { rateCount } from '../testing/rate-limits.js';
import { OPDS_FAILURE_KEY, OPDS_FAILURE_LIMIT } from './app-token.service.js';

let h: AccountsHarness;
beforeAll(async () => {
  h = await buildAccountsHarness();
}, 60_000);
afterAll(async () => h.close());

const opds = (authorization: string, ip: string) =>
  h.ctx.app.inject({ method: 'GET', url: '/opds', remoteAddress: ip, headers: { authorization } });

describe('OPDS app tokens under a burst', () => {
  it('checks at most 20 of 60 parallel bad tokens from one address', async () => {
    const alice = await h.registerByEmail(uniqueEmail('alice'), 'password 1');
    const token = await createAppToken(h, alice);
    const ip = '203.0.113.177';
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => opds(basic(String(alice.userId), `dm51_guess${i}`), ip)),
    );
    const invalid = results.filter((r) => r.statusCode === 401).length;
    const limited = results.filter((r) => r.statusCode === 429).length;
    expect(invalid).toBeLessThanOrEqual(OPDS_FAILURE_LIMIT.limit);
    expect(invalid + limited).toBe(60);
    expect((await opds(basicFor(token), ip)).statusCode).toBe(429);
    expect((await opds(basicFor(token), '203.0.113.178')).statusCode).toBe(200);
  });

  // Every request holds a slot while its token is looked up, so parallel good requests share the
  // 20 slots with failures: an app's usual handful at once passes and leaves nothing counted.
  it('does not count good tokens arriving in parallel', async () => {
    const bob = await h.registerByEmail(uniqueEmail('bob'), 'password 1');
    const token = await createAppToken(h, bob);
    const ip = '203.0.113.179';
    const results = await Promise.all(Array.from({ length: 15 }, () => opds(basicFor(token), ip)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await rateCount(h.ctx.app, OPDS_FAILURE_KEY(ip))).toBe(0);
  });
});
