/**
 * The role matrix, generated from ADMIN_ROUTES (so a new route is covered the day it is added):
 * every /admin/api route but sign-in refuses an anonymous caller (401), an app user's token sent as
 * bearer or as the session cookie (401), and every role below its minimum (403) — with a valid CSRF
 * token, so the role is what refuses; the minimum role itself gets through the gate. Runs on SQLite
 * and, with DATABASE_URL, on PostgreSQL.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../testing/test-client.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { ADMIN_ROUTES } from './admin-routes.js';
import { ROLES, type OperatorRole } from './roles.js';

let ctx: TestApp;
const sessions = new Map<OperatorRole, OperatorSession>();
let appToken: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  for (const role of ROLES) sessions.set(role, await signedIn(ctx.app, role));
  appToken = (await createTestClient(ctx).initGuest()).token;
});
afterAll(async () => ctx.close());

const guarded = ADMIN_ROUTES.filter((route) => route.role !== 'public');

/**
 * Who passes the gate, written out here rather than taken from the plugin: the ladder (viewer <
 * moderator < admin < owner), except that a moderator is moderation only — moderator routes and the
 * reads marked `moderation`, nothing else.
 */
function allowed(role: OperatorRole, route: (typeof ADMIN_ROUTES)[number]): boolean {
  if (role === 'moderator')
    return route.role === 'moderator' || (route.role === 'viewer' && route.moderation === true);
  return ROLES.indexOf(role) >= ROLES.indexOf(route.role as OperatorRole);
}

function expectedLabel(route: (typeof ADMIN_ROUTES)[number]): string {
  const through = ROLES.filter((role) => allowed(role, route));
  return `only ${through.join(', ')} pass the gate, the others get 403`;
}
// A record that does not exist: past the gate the answer is 404, and nothing is changed by the walk.
const urlOf = (url: string) => url.replace(/:\w+/g, '999999');

describe('the /admin/api role matrix', () => {
  it('covers every registered /admin/api route, and only sign-in is public', () => {
    expect(guarded.length).toBeGreaterThan(15);
    expect(ADMIN_ROUTES.filter((route) => route.role === 'public').map((route) => route.url)).toEqual([
      '/auth/login',
    ]);
  });

  for (const route of guarded) {
    const label = `${route.method} ${route.url} (${route.role}+)`;
    it(`${label}: anonymous and app tokens get 401`, async () => {
      const anonymous = await adminRequest(ctx.app, route.method, urlOf(route.url));
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe(ApiCode.ADMIN_AUTH_REQUIRED);
      const appTokenHeaders: Record<string, string>[] = [
        { authorization: `Bearer ${appToken}` },
        { cookie: `dm51_admin=${appToken}` },
        { 'x-user-token': appToken },
      ];
      for (const headers of appTokenHeaders) {
        const withAppToken = await adminRequest(ctx.app, route.method, urlOf(route.url), { headers });
        expect(withAppToken.status).toBe(401);
      }
    });

    it(`${label}: ${expectedLabel(route)}`, async () => {
      for (const role of ROLES) {
        // Signing out ends the session it is called with: give it sessions of its own.
        const session = route.url === '/auth/logout' ? await signedIn(ctx.app, role) : sessions.get(role)!;
        const answer = await adminRequest(ctx.app, route.method, urlOf(route.url), {
          session,
          body: {},
        });
        if (!allowed(role, route)) {
          expect(answer.status, `${role} on ${label}`).toBe(403);
          expect(answer.body.code).toBe(ApiCode.ADMIN_FORBIDDEN);
        } else {
          // Past the gate: an answer, a validation error or a missing record, never 401/403.
          expect([200, 400, 404], `${role} on ${label}: ${JSON.stringify(answer.body)}`).toContain(
            answer.status,
          );
        }
      }
    });
  }

  it('keeps a moderator to moderation: the queue, reports, feedback and user lookup, not money, system or the dashboard', async () => {
    const moderator = sessions.get('moderator')!;
    for (const url of [
      '/community/comments',
      '/community/reports',
      '/community/feedback',
      '/users',
      '/auth/me',
    ])
      expect((await adminRequest(ctx.app, 'GET', url, { session: moderator })).status, url).toBe(200);
    for (const url of ['/dashboard', '/money/orders', '/system/config', '/audit', '/users/1/ledger']) {
      const answer = await adminRequest(ctx.app, 'GET', url, { session: moderator });
      expect(answer.status, url).toBe(403);
      expect(answer.body.msg).toBe('Moderators can only moderate; this needs another role');
    }
    // A viewer reads all of those (read only).
    const viewer = sessions.get('viewer')!;
    for (const url of ['/dashboard', '/money/orders', '/system/config', '/audit'])
      expect((await adminRequest(ctx.app, 'GET', url, { session: viewer })).status, url).toBe(200);
  });
});
