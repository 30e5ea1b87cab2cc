/**
 * App tokens for e-reader apps (OPDS): the settings page lists, creates and revokes the tokens
 * that KOReader, Panels and other OPDS clients send as the HTTP Basic password of `/opds`. A token
 * is answered once, at creation; afterwards only its name and last 4 characters are shown.
 */
import { z } from 'zod';
import { defineCall } from './define.js';
import { rowId } from './row-id.js';

export const APP_TOKEN_LIMITS = { nameMax: 40, maxLive: 10 } as const;

export const appTokenItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's last 4 characters. */
  hint: z.string(),
  created_time: z.number().int(),
  /** 0 when never used. */
  last_used_time: z.number().int(),
  /**
   * True when KOReader's progress sync accepts this token: it signs in with the token's MD5, which
   * the server records only when it makes a token, so tokens made before sync existed are OPDS-only.
   */
  kosync: z.boolean(),
});
export type AppTokenItem = z.infer<typeof appTokenItemSchema>;

/** What an e-reader app needs besides the token: the catalogue path and the Basic user name. */
const opdsAccessSchema = z.object({
  /** Path of the OPDS 1.2 catalogue on the API host ('/opds'). */
  opds_path: z.string(),
  /** The HTTP Basic user name to type: the account's user ID. */
  username: z.string(),
  /** Path of KOReader's progress sync server on the API host ('/kosync'); its user name is `username`. */
  kosync_path: z.string(),
});

export const opdsTokensCall = defineCall({
  path: '/v3/opds/tokens',
  summary:
    "The account's live app tokens for OPDS e-reader apps, newest first, with the catalogue path and user name.",
  tag: 'opds',
  auth: 'user',
  request: z.object({}),
  response: opdsAccessSchema.extend({ list: z.array(appTokenItemSchema) }),
});

export const opdsTokenCreateCall = defineCall({
  path: '/v3/opds/token_create',
  summary: `Create an app token named by the user (1–${APP_TOKEN_LIMITS.nameMax} characters); \`secret\` is shown this once. At most ${APP_TOKEN_LIMITS.maxLive} live tokens.`,
  tag: 'opds',
  auth: 'user',
  request: z.object({ name: z.string().trim().min(1).max(APP_TOKEN_LIMITS.nameMax) }),
  response: opdsAccessSchema.extend({ token: appTokenItemSchema, secret: z.string() }),
});

export const opdsTokenRevokeCall = defineCall({
  path: '/v3/opds/token_revoke',
  summary: 'Revoke one of the account’s app tokens: apps using it are refused from then on.',
  tag: 'opds',
  auth: 'user',
  request: z.object({ id: rowId }),
  response: z.object({}),
});
