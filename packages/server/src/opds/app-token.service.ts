/**
 * App tokens for OPDS e-reader apps: created by a registered user on the settings page (shown
 * once), listed with their last use, revoked. The OPDS catalogue authenticates a request by the
 * token in HTTP Basic (see opds-auth.ts); failed attempts are counted per client address.
 */
import { createHash, randomBytes } from 'node:crypto';
import { APP_TOKEN_LIMITS, ApiCode, type AppTokenItem } from '@dm51/shared';
import { nowSeconds } from '../db/database.js';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { AppTokenRepository, AppTokenRow } from './app-token.repository.js';

export const AppTokenErrors = {
  limit: () =>
    new AppError(
      ApiCode.APP_TOKEN_LIMIT,
      `You already have ${APP_TOKEN_LIMITS.maxLive} app tokens: revoke one you no longer use first`,
    ),
  notFound: () => new AppError(ApiCode.APP_TOKEN_NOT_FOUND, 'This app token does not exist or was revoked'),
};

/** Failed Basic attempts allowed per client address before it waits (a token has 192 random bits;
 * the limit is against noisy misconfigured apps and log spam more than against guessing). */
export const OPDS_FAILURE_LIMIT = { limit: 20, windowS: 15 * 60 } as const;
export const OPDS_FAILURE_KEY = (ip: string) => `opds-fail:ip:${ip}`;

/** last_used_time is written at most this often, so reading a comic is not a write per page. */
const TOUCH_EVERY_S = 60;

const TOKEN_PREFIX = 'dm51_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What KOReader's sync sends as `x-auth-key`: the MD5 of the password, lower-case hex. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** How a KOReader sign-in key is stored: hashed again, so the table holds nothing that signs in. */
export function hashSyncKey(md5OfToken: string): string {
  return hashToken(`kosync:${md5OfToken.toLowerCase()}`);
}

function present(row: AppTokenRow): AppTokenItem {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    created_time: Number(row.created_time),
    last_used_time: Number(row.last_used_time),
    kosync: row.sync_key_hash !== '',
  };
}

export type OpdsAuthResult =
  | { ok: true; userId: number }
  | { ok: false; reason: 'missing' | 'invalid' }
  | { ok: false; reason: 'rate-limited'; retryAfterS: number };

export class AppTokenService {
  constructor(
    private readonly tokens: AppTokenRepository,
    private readonly limiter: RateLimiter,
    private readonly now: () => number = nowSeconds,
  ) {}

  async list(userId: number): Promise<AppTokenItem[]> {
    return (await this.tokens.live(userId)).map(present);
  }

  async create(userId: number, name: string): Promise<{ token: AppTokenItem; secret: string }> {
    if ((await this.tokens.countLive(userId)) >= APP_TOKEN_LIMITS.maxLive) throw AppTokenErrors.limit();
    const secret = TOKEN_PREFIX + randomBytes(24).toString('base64url');
    const row = await this.tokens.insert({
      userId,
      name,
      tokenHash: hashToken(secret),
      syncKeyHash: hashSyncKey(md5Hex(secret)),
      hint: secret.slice(-4),
      now: this.now(),
    });
    return { token: present(row), secret };
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.tokens.revoke(userId, id, this.now()))) throw AppTokenErrors.notFound();
  }

  /**
   * Who an HTTP Basic pair is. The password is the token and the user name must be the account's
   * user ID or login name; apps with a single field may send the token as the user name with an
   * empty password. Tokens of revoked, guest or deleted accounts never pass.
   */
  async authenticate(
    credentials: { username: string; password: string } | null,
    ip: string,
  ): Promise<OpdsAuthResult> {
    if (!credentials) return { ok: false, reason: 'missing' };
    // Counted before the token is looked up (so a parallel burst of bad tokens cannot all be
    // checked), and taken back when it is good: only failures stay counted. Requests in flight
    // hold a slot meanwhile, so more than 20 at once from one address may be answered 429.
    const rule = { key: OPDS_FAILURE_KEY(ip), ...OPDS_FAILURE_LIMIT, message: '' };
    const reserved = await this.limiter.tryReserve([rule]);
    if (!reserved.ok) return { ok: false, reason: 'rate-limited', retryAfterS: reserved.waitS };

    const userId = await this.check(credentials);
    if (userId === null) return { ok: false, reason: 'invalid' };
    await reserved.reservation.release();
    return { ok: true, userId };
  }

  /**
   * Who KOReader's sync is: `user` is the account's user ID (or login name) and `key` the MD5 of
   * one of its app tokens. Counted against the same failure limit as OPDS sign-ins.
   */
  async authenticateSync(user: string, key: string, ip: string): Promise<OpdsAuthResult> {
    if (!user || !key) return { ok: false, reason: 'missing' };
    const rule = { key: OPDS_FAILURE_KEY(ip), ...OPDS_FAILURE_LIMIT, message: '' };
    const reserved = await this.limiter.tryReserve([rule]);
    if (!reserved.ok) return { ok: false, reason: 'rate-limited', retryAfterS: reserved.waitS };

    const userId = await this.checkSync(user.trim(), key.trim().toLowerCase());
    if (userId === null) return { ok: false, reason: 'invalid' };
    await reserved.reservation.release();
    return { ok: true, userId };
  }

  private async checkSync(user: string, key: string): Promise<number | null> {
    if (!/^[0-9a-f]{32}$/.test(key) || user.length > 100) return null;
    const userId = /^\d{1,15}$/.test(user) ? Number(user) : await this.tokens.userIdByLogin(user);
    if (!userId) return null;
    const row = await this.tokens.findLiveBySyncKey(userId, hashSyncKey(key));
    if (!row || row.is_guest === 1 || row.deleted_time) return null;
    const now = this.now();
    if (now - Number(row.last_used_time) >= TOUCH_EVERY_S) await this.tokens.touch(row.id, now);
    return row.user_id;
  }

  private async check({ username, password }: { username: string; password: string }) {
    const tokenInUser = password === '' && username.startsWith(TOKEN_PREFIX);
    const token = tokenInUser ? username : password;
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
    const row = await this.tokens.findLive(hashToken(token));
    if (!row || row.is_guest === 1 || row.deleted_time) return null;
    if (
      !tokenInUser &&
      username !== String(row.user_id) &&
      (row.login_name === '' || username !== row.login_name)
    )
      return null;
    const now = this.now();
    if (now - Number(row.last_used_time) >= TOUCH_EVERY_S) await this.tokens.touch(row.id, now);
    return row.user_id;
  }
}
