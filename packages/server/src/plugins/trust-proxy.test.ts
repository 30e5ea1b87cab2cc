/**
 * TRUST_PROXY: the client address behind a balancer. Every per-address limit counts by
 * `request.ip`; behind HAProxy that is the balancer's own address unless its X-Forwarded-For is
 * believed, and then one attacker's failures lock out everyone. The header must be believed only
 * from a listed balancer, or an attacker could name a fresh address for each attempt.
 */
import { ApiCode } from '@dm51/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { LIMITS } from '../rate-limit/rate-limiter.js';
import { hashPassword } from '../services/password.service.js';
import { newDeviceId } from '../testing/test-client.js';
import { createTestClient } from '../testing/test-client.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

const BALANCER = '127.0.0.1';
const PASSWORD = 'correct horse battery';

let ctx: TestApp;
let client: ReturnType<typeof createTestClient>;
let victimEmail: string;

/** What the app took the caller to be (a test-only route). */
async function seenAs(remoteAddress: string, headers: Record<string, string> = {}) {
  const answer = await ctx.app.inject({ method: 'GET', url: '/test/whoami', remoteAddress, headers });
  return answer.json<{ ip: string; protocol: string }>();
}

/** /v3/login/index as the web app sends it, from `remoteAddress` with optional forwarded headers. */
async function login(account: string, password: string, remoteAddress: string, forwardedFor?: string) {
  const body = client.envelope.seal({ account, password, deviceid: newDeviceId(), facility: 'Android_h5' });
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/v3/login/index',
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: `data=${body}`,
  });
  return answer.json<{ code: number; msg: string }>();
}

/** Enough failed logins, each at an account nobody has, to use up one address's allowance. */
async function failFromOneAddress(attempt: (index: number) => Promise<{ code: number }>): Promise<void> {
  const total = LIMITS.loginFailuresPerIp.limit;
  for (let start = 0; start < total; start += 10) {
    const batch = Array.from({ length: Math.min(10, total - start) }, (_, i) => attempt(start + i));
    for (const result of await Promise.all(batch)) expect(result.code).toBe(ApiCode.LOGIN_FAILED);
  }
}

beforeAll(async () => {
  ctx = await buildTestApp(
    { trustProxy: [BALANCER] },
    {
      beforeReady: async (app) => {
        app.get('/test/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol }));
      },
    },
  );
  client = createTestClient(ctx);
  // A registered account with a password (a guest turned into a user in place).
  const guest = await client.initGuest();
  victimEmail = `victim-${guest.userId}@example.test`;
  await ctx.db
    .updateTable('users')
    .set({ is_guest: 0, email: victimEmail, password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', guest.userId)
    .execute();
});
afterAll(() => ctx.close());

describe('request.ip and request.protocol with TRUST_PROXY', () => {
  it('are the forwarded client and protocol when the request comes from a trusted balancer', async () => {
    expect(
      await seenAs(BALANCER, { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' }),
    ).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    // The socket address as Node gives it on a dual-stack listener is the same balancer.
    expect(await seenAs('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).toMatchObject({
      ip: '203.0.113.5',
    });
  });

  it('take the address the balancer appended, not one the client put in front of it', async () => {
    // HAProxy's `option forwardfor` adds the peer it saw after whatever the client sent.
    expect(await seenAs(BALANCER, { 'x-forwarded-for': '10.9.9.9, 203.0.113.5' })).toMatchObject({
      ip: '203.0.113.5',
    });
  });

  it('ignore forwarded headers from any other peer', async () => {
    expect(
      await seenAs('198.51.100.7', { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' }),
    ).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    // The balancer itself without the header is just its address.
    expect(await seenAs(BALANCER)).toEqual({ ip: BALANCER, protocol: 'http' });
  });

  it('compiles every form the configuration accepts', () => {
    const { trustProxy } = loadConfig({
      TRUST_PROXY: '127.0.0.1,10.0.0.0/8,::1,fd00::/8,loopback,uniquelocal',
    });
    // Fastify builds its trust function at construction and throws on a form it does not know.
    expect(() => Fastify({ trustProxy: [...trustProxy!] })).not.toThrow();
  });
});

describe('per-address login limits behind the balancer', () => {
  it("count each forwarded client on its own: one client's failures do not refuse another", async () => {
    const attacker = '203.0.113.5';
    await failFromOneAddress((i) => login(`nobody-${i}-a@example.test`, 'wrong', BALANCER, attacker));
    const refused = await login('nobody-more-a@example.test', 'wrong', BALANCER, attacker);
    expect(refused.code).toBe(ApiCode.RATE_LIMITED);

    // Another reader behind the same balancer logs in with the right password.
    expect(await login(victimEmail, PASSWORD, BALANCER, '203.0.113.6')).toMatchObject({ code: 1 });
  });

  it('do not let a peer that is not a balancer escape its limit with a spoofed X-Forwarded-For', async () => {
    const attacker = '198.51.100.7';
    await failFromOneAddress((i) =>
      login(`nobody-${i}-b@example.test`, 'wrong', attacker, `203.0.113.${(i % 250) + 1}`),
    );
    const refused = await login('nobody-more-b@example.test', 'wrong', attacker, '192.0.2.99');
    expect(refused.code).toBe(ApiCode.RATE_LIMITED);

    // Its limit is its own: a reader at another address is not refused.
    expect(await login(victimEmail, PASSWORD, '198.51.100.8')).toMatchObject({ code: 1 });
  });
});
