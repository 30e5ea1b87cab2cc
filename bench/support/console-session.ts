/** A console session for a benchmark: an owner made with the real CLI, signed in over the console API. */
import { totpCode } from '../../packages/server/src/admin/auth/totp.js';
import { createOwnerWithCli } from '../../e2e/support/admin-console.js';
import type { RunningServer } from '../../e2e/support/server.js';

/** The cookie the owner's console calls carry (`dm51_admin=…`). */
export async function consoleCookie(server: RunningServer, databaseUrl: string | undefined): Promise<string> {
  return (await consoleSignIn(server, databaseUrl)).cookie;
}

/** The session cookie, and the token the console's changing calls carry in `x-csrf-token`. */
export async function consoleSignIn(
  server: RunningServer,
  databaseUrl: string | undefined,
): Promise<{ cookie: string; csrfToken: string }> {
  const owner = await createOwnerWithCli(
    { ...server, ...(databaseUrl ? { databaseUrl } : {}) },
    // A name of its own: a reused database keeps the owners of earlier runs.
    `bench-owner-${Date.now().toString(36)}`,
  );
  const login = (code?: string) =>
    fetch(`${server.baseURL}/admin/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: owner.name, password: owner.password, ...(code ? { code } : {}) }),
    });
  const answer = await login(totpCode(owner.secret));
  if (!answer.ok) throw new Error(`console sign-in failed: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('dm51_admin='));
  if (!cookie) throw new Error('console sign-in set no session cookie');
  const body = (await answer.json()) as { data?: { csrfToken?: string }; csrfToken?: string };
  const csrfToken = body.data?.csrfToken ?? body.csrfToken;
  if (!csrfToken) throw new Error('console sign-in gave no CSRF token');
  return { cookie: cookie.split(';')[0]!, csrfToken };
}
