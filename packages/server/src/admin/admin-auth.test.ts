/**
 * Console sign-in and the protections around it: password then TOTP, the session cookie's flags,
 * replayed codes, sign-out, the lock-out per (name, address) and the back-off per name, CSRF on
 * changing calls (refused and nothing changed), JSON-only bodies, and the OpenAPI description of
 * every route.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { adminRequest, createOperator, login, signedIn } from '../testing/admin-harness.js';
import { endBackoff } from '../testing/rate-limits.js';
import { totpCode } from './auth/totp.js';
import { ADMIN_ROUTES } from './admin-routes.js';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

describe('console sign-in', () => {
  it('asks for the TOTP code after a right password, then sets an HttpOnly SameSite=Strict cookie', async () => {
    const op = await createOperator(ctx.app, 'admin');
    const wrong = await login(ctx.app, { name: op.name, password: 'not-the-password' }, '203.0.113.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(ApiCode.ADMIN_LOGIN_FAILED);

    const noCode = await login(ctx.app, { name: op.name, password: op.password }, '203.0.113.1');
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe(ApiCode.ADMIN_TOTP_REQUIRED);
    expect(noCode.cookies).toHaveLength(0);

    const badCode = await login(
      ctx.app,
      { name: op.name, password: op.password, code: '000000' },
      '203.0.113.1',
    );
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().code).toBe(ApiCode.ADMIN_LOGIN_FAILED);

    const code = totpCode(op.secret);
    const ok = await login(ctx.app, { name: op.name, password: op.password, code }, '203.0.113.1');
    expect(ok.statusCode).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === 'dm51_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(cookie.secure).toBeFalsy();
    const { csrfToken, operator } = ok.json<{
      csrfToken: string;
      operator: { name: string; role: string };
    }>();
    expect(operator).toMatchObject({ name: op.name, role: 'admin' });
    expect(csrfToken.length).toBeGreaterThan(20);

    // The same code cannot be used twice (someone who saw it over a shoulder).
    const replay = await login(ctx.app, { name: op.name, password: op.password, code }, '203.0.113.1');
    expect(replay.statusCode).toBe(401);

    const session = { cookie: `dm51_admin=${cookie.value}`, csrfToken } as never;
    const me = await adminRequest<{ operator: { name: string } }>(ctx.app, 'GET', '/auth/me', { session });
    expect(me.status).toBe(200);
    expect(me.body.operator.name).toBe(op.name);
    const out = await adminRequest(ctx.app, 'POST', '/auth/logout', { session });
    expect(out.status).toBe(200);
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session })).status).toBe(401);
  });

  it('marks the cookie Secure when the console is reached over https', async () => {
    const op = await createOperator(ctx.app, 'viewer');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify({ name: op.name, password: op.password, code: totpCode(op.secret) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies[0]).toMatchObject({ secure: true, httpOnly: true });
  });

  it('slows a name down after 5 failures from anywhere, but never locks its operator out', async () => {
    const op = await createOperator(ctx.app, 'owner');
    for (let i = 0; i < 6; i += 1) {
      const failed = await login(ctx.app, { name: op.name, password: `wrong-${i}` }, `198.51.100.${i + 1}`);
      expect(failed.statusCode).toBe(401);
    }
    const waiting = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      '198.51.100.99',
    );
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe(ApiCode.RATE_LIMITED);
    expect(waiting.json().msg).toMatch(/try again in \d+ seconds/);
    await endBackoff(ctx.app, `admin-login:name:${op.name.toLowerCase()}`);
    const ok = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      '198.51.100.99',
    );
    expect(ok.statusCode).toBe(200);
  });

  it('locks a name from an address after 5 failures there, not from another address', async () => {
    const op = await createOperator(ctx.app, 'viewer');
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i += 1)
      expect((await login(ctx.app, { name: op.name, password: `guess-${i}` }, ip)).statusCode).toBe(401);
    const locked = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      ip,
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/try again in \d+ minutes/);
    const elsewhere = await login(
      ctx.app,
      { name: op.name, password: op.password, code: totpCode(op.secret) },
      '192.0.2.78',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('ends a session after 30 idle minutes and after 12 hours in any case', async () => {
    const idle = await signedIn(ctx.app, 'viewer');
    const busy = await signedIn(ctx.app, 'viewer');
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session: idle })).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    await ctx.db
      .updateTable('operator_sessions')
      .set({ last_seen_time: now - 31 * 60 })
      .where('operator_id', '=', idle.id)
      .execute();
    await ctx.db
      .updateTable('operator_sessions')
      .set({ expires_time: now - 1 })
      .where('operator_id', '=', busy.id)
      .execute();
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session: idle })).status).toBe(401);
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session: busy })).status).toBe(401);
  });

  it('refuses a disabled operator', async () => {
    const op = await createOperator(ctx.app, 'admin');
    await ctx.db.updateTable('operators').set({ disabled: 1 }).where('id', '=', op.id).execute();
    const refused = await login(ctx.app, { name: op.name, password: op.password, code: totpCode(op.secret) });
    expect(refused.statusCode).toBe(401);
  });
});

describe('CSRF and body checks', () => {
  it('refuses every changing call without the CSRF token, or with another session’s, and changes nothing', async () => {
    const owner = await signedIn(ctx.app, 'owner');
    const other = await signedIn(ctx.app, 'owner');
    const before = await ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const changes = ADMIN_ROUTES.filter((route) => route.method !== 'GET' && route.role !== 'public');
    expect(changes.length).toBeGreaterThan(8);
    for (const route of changes) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const csrf of [null, 'forged-token', other.csrfToken]) {
        const answer = await adminRequest(ctx.app, route.method, url, { session: owner, csrf, body: {} });
        expect(answer.status, `${route.method} ${route.url} csrf=${csrf}`).toBe(403);
        expect(answer.body.code).toBe(ApiCode.ADMIN_CSRF);
      }
    }
    // Sign-out without the token did not sign out; nothing reached the audit log.
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session: owner })).status).toBe(200);
    const after = await ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a changing call whose body is not JSON (what a cross-site form could send)', async () => {
    const owner = await signedIn(ctx.app, 'owner');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/api/community/words',
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, 'content-type': 'text/plain' },
      payload: '{"words":["x"]}',
    });
    expect(response.statusCode).toBe(415);
  });

  it('answers no-store and a JSON 404 for unknown console API paths', async () => {
    const owner = await signedIn(ctx.app, 'viewer');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/admin/api/auth/me',
      headers: { cookie: owner.cookie },
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const missing = await ctx.app.inject({ method: 'GET', url: '/admin/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(404);
  });
});

describe('the OpenAPI description', () => {
  it('describes every console route with its role, parameters and body schema', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { description: string; requestBody?: unknown; parameters: { name: string }[] }>
      >;
    }>();
    for (const route of ADMIN_ROUTES) {
      const path = `/admin/api${route.url.replace(/:(\w+)/g, '{$1}')}`;
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      if (route.role !== 'public') expect(operation!.description).toContain(`**${route.role}**`);
      if (route.body) expect(operation!.requestBody).toBeDefined();
    }
    const grant = doc.paths['/admin/api/users/{id}/grant']!['post']!;
    expect(JSON.stringify(grant.requestBody)).toContain('idempotencyKey');
    expect(grant.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'x-csrf-token']));
  });
});
