/** Test helpers of the OPDS domain: creating an app token through the settings call, Basic headers. */
import type { AccountsHarness } from './accounts.js';
import type { TestSession } from './test-client.js';

export interface CreatedToken {
  id: number;
  secret: string;
  username: string;
}

export async function createAppToken(
  h: AccountsHarness,
  session: TestSession,
  name = 'KOReader',
): Promise<CreatedToken> {
  const created = await h.call<{ token: { id: number }; secret: string; username: string }>(
    '/v3/opds/token_create',
    { name },
    { session },
  );
  if (created.code !== 1 || !created.data)
    throw new Error(`token_create failed: ${created.code} ${created.msg}`);
  return { id: created.data.token.id, secret: created.data.secret, username: created.data.username };
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

export function basicFor(token: CreatedToken): string {
  return basic(token.username, token.secret);
}
