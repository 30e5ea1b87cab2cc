/**
 * System → Operators: an owner creates a moderator whose enrolment (shown once) signs them in;
 * disabling them ends their session; nobody disables or demotes themself, the last owner stays;
 * a new TOTP secret ends sessions and the old codes stop working. Each change is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { adminRequest, login, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { totpCode } from './auth/totp.js';

let ctx: TestApp;
let owner: OperatorSession;

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await signedIn(ctx.app, 'owner');
});
afterAll(async () => ctx.close());

interface Created {
  id: number;
  name: string;
  secret: string;
  uri: string;
  qr: string;
}

describe('operators', () => {
  it('creates a moderator who signs in with the enrolment shown once, and disabling ends their session', async () => {
    const created = await adminRequest<Created>(ctx.app, 'POST', '/operators', {
      session: owner,
      body: { name: 'mod-anna', password: 'anna-password-1', role: 'moderator' },
    });
    expect(created.status).toBe(200);
    expect(created.body.qr).toMatch(/^data:image\/png;base64,/);
    expect(created.body.uri).toContain(created.body.secret);

    const signIn = await login(ctx.app, {
      name: 'mod-anna',
      password: 'anna-password-1',
      code: totpCode(created.body.secret),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().operator.role).toBe('moderator');
    const anna = {
      cookie: `dm51_admin=${signIn.cookies[0]!.value}`,
      csrfToken: signIn.json().csrfToken,
    } as OperatorSession;
    expect((await adminRequest(ctx.app, 'GET', '/operators', { session: anna })).status).toBe(403);

    const list = await adminRequest<{ data: { name: string; role: string }[] }>(
      ctx.app,
      'GET',
      '/operators',
      { session: owner },
    );
    expect(list.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'mod-anna', role: 'moderator' })]),
    );

    const disabled = await adminRequest(ctx.app, 'PUT', `/operators/${created.body.id}`, {
      session: owner,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session: anna })).status).toBe(401);

    const actions = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'operator')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['operator.create', 'operator.update']),
    );
  });

  it('never disables or demotes oneself, so an owner always remains', async () => {
    const self = await adminRequest(ctx.app, 'PUT', `/operators/${owner.id}`, {
      session: owner,
      body: { role: 'admin' },
    });
    expect(self.status).toBe(400);
    const second = await signedIn(ctx.app, 'owner');
    // Another owner may demote the first one: the second stays an owner.
    expect(
      (
        await adminRequest(ctx.app, 'PUT', `/operators/${owner.id}`, {
          session: second,
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(200);
    // The remaining owner cannot remove themself, and no lower role can touch them.
    const lastOwners = await ctx.db
      .selectFrom('operators')
      .select('id')
      .where('role', '=', 'owner')
      .where('disabled', '=', 0)
      .execute();
    expect(lastOwners.map((o) => o.id)).toEqual([second.id]);
    expect(
      (
        await adminRequest(ctx.app, 'PUT', `/operators/${second.id}`, {
          session: second,
          body: { disabled: true },
        })
      ).status,
    ).toBe(400);
    const admin = await signedIn(ctx.app, 'admin');
    expect(
      (
        await adminRequest(ctx.app, 'PUT', `/operators/${second.id}`, {
          session: admin,
          body: { disabled: true },
        })
      ).status,
    ).toBe(403);
  });

  it('issues a new TOTP secret: sessions end and codes of the old secret stop working', async () => {
    const boss = await signedIn(ctx.app, 'owner');
    const target = await signedIn(ctx.app, 'viewer');
    const reset = await adminRequest<Created>(ctx.app, 'POST', `/operators/${target.id}/reset-totp`, {
      session: boss,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.secret).not.toBe(target.secret);
    expect((await adminRequest(ctx.app, 'GET', '/auth/me', { session: target })).status).toBe(401);
    const old = await login(
      ctx.app,
      { name: target.name, password: target.password, code: totpCode(target.secret) },
      '203.0.113.77',
    );
    expect(old.statusCode).toBe(401);
    const fresh = await login(
      ctx.app,
      { name: target.name, password: target.password, code: totpCode(reset.body.secret) },
      '203.0.113.77',
    );
    expect(fresh.statusCode).toBe(200);
  });
});
