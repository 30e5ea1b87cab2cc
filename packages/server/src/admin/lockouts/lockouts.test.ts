/**
 * Console sign-in under parallel bursts (wrong TOTP codes with a known password, wrong passwords
 * from one address and from many), and System → Lock-outs: the failure counters listed for admins,
 * refused to lower roles, and cleared (audited) so the locked pair may try again.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, createOperator, login, signedIn } from '../../testing/admin-harness.js';
import { endBackoff } from '../../testing/rate-limits.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { totpCode } from '../auth/totp.js';
import type { Lockout } from '../../rate-limit/lockouts.js';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
}, 60_000);
afterAll(async () => ctx.close());

let ipSeq = 0;
const newIp = () => `203.0.${Math.floor((ipSeq += 1) / 250) + 200}.${(ipSeq % 250) + 1}`;

function wrongCode(secret: string): string {
  const right = totpCode(secret);
  return right === '000000' ? '111111' : '000000';
}

function codes(results: { statusCode: number; json(): { code: number } }[]) {
  const count = (status: number, code: number) =>
    results.filter((r) => r.statusCode === status && r.json().code === code).length;
  return {
    failed: count(401, ApiCode.ADMIN_LOGIN_FAILED),
    limited: count(429, ApiCode.RATE_LIMITED),
  };
}

describe('console sign-in under a burst', () => {
  it('checks at most 5 of 60 wrong two-factor codes sent with the right password from one address', async () => {
    const op = await createOperator(ctx.app, 'admin');
    const ip = newIp();
    const code = wrongCode(op.secret);
    const results = await Promise.all(
      Array.from({ length: 60 }, () => login(ctx.app, { name: op.name, password: op.password, code }, ip)),
    );
    const { failed, limited } = codes(results);
    expect(failed).toBeLessThanOrEqual(5);
    expect(failed + limited).toBe(60);
    // The operator, from their own address, signs in.
    const ok = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      newIp(),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('checks few of 60 wrong passwords from many addresses (back-off), then the operator gets in once it passed', async () => {
    const op = await createOperator(ctx.app, 'owner');
    const ips = Array.from({ length: 20 }, () => newIp());
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(ctx.app, { name: op.name, password: `wrong-${i}` }, ips[i % ips.length]!),
      ),
    );
    // 5 free, then one per delay (each at least a second): one more for each second the burst took.
    const { failed, limited } = codes(results);
    expect(failed).toBeLessThanOrEqual(6 + Math.ceil((Date.now() - started) / 1000));
    expect(failed + limited).toBe(60);
    await endBackoff(ctx.app, `admin-login:name:${op.name.toLowerCase()}`);
    const ok = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      newIp(),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('counts at most 100 failures per address, and other operators there sign in until then', async () => {
    const ip = newIp();
    const op = await createOperator(ctx.app, 'viewer');
    for (let i = 0; i < 30; i += 1)
      await login(ctx.app, { name: `nobody-${i}`, password: 'guess-guess' }, ip);
    // 30 failures from the office address: a colleague there still signs in.
    const colleague = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      ip,
    );
    expect(colleague.statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(ctx.app, { name: `ghost-${i}`, password: 'guess-guess' }, ip),
      ),
    );
    const { failed, limited } = codes(results);
    expect(failed).toBeLessThanOrEqual(70);
    expect(failed + limited).toBe(100);
  }, 60_000);
});

describe('System → Lock-outs', () => {
  it('lists current lock-outs for admins, refuses a viewer, and clears one with an audit row', async () => {
    const victim = await createOperator(ctx.app, 'viewer');
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) await login(ctx.app, { name: victim.name, password: `wrong-${i}` }, ip);
    const right = { name: victim.name, password: victim.password, code: totpCode(victim.secret) };
    expect((await login(ctx.app, right, ip)).statusCode).toBe(429);

    const viewer = await signedIn(ctx.app, 'viewer');
    expect((await adminRequest(ctx.app, 'GET', '/lockouts', { session: viewer })).status).toBe(403);

    const admin = await signedIn(ctx.app, 'admin');
    const listed = await adminRequest<{ data: Lockout[] }>(ctx.app, 'GET', '/lockouts', { session: admin });
    expect(listed.status).toBe(200);
    const pair = listed.body.data.find((row) => row.kind === 'console-pair' && row.address === ip);
    expect(pair).toMatchObject({ account: victim.name.toLowerCase(), count: 5, locked: true });
    expect(pair!.until).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(
      listed.body.data.find(
        (row) => row.kind === 'console-name' && row.account === victim.name.toLowerCase(),
      ),
    ).toMatchObject({ count: 5, locked: false });

    const cleared = await adminRequest(ctx.app, 'POST', '/lockouts/clear', {
      session: admin,
      body: { key: pair!.key },
    });
    expect(cleared.status).toBe(200);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lockout.clear')
      .where('target_id', '=', pair!.key)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json)).toMatchObject({ count: 5, locked: true });
    expect((await login(ctx.app, { ...right, code: totpCode(victim.secret) }, ip)).statusCode).toBe(200);

    const again = await adminRequest(ctx.app, 'POST', '/lockouts/clear', {
      session: admin,
      body: { key: pair!.key },
    });
    expect(again.status).toBe(404);
    const notALockout = await adminRequest(ctx.app, 'POST', '/lockouts/clear', {
      session: admin,
      body: { key: 'comment:user-min:1' },
    });
    expect(notALockout.status).toBe(404);
  });
});
