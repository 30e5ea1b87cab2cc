/**
 * Sessions are opaque random bearer tokens. Only their sha256 is stored, so a leaked database does
 * not hand out live sessions; a session is bound to one user and one device and can be revoked.
 */
import { Errors } from '../errors.js';
import { nowSeconds } from '../db/database.js';
import { opaqueToken, sha256Hex } from '../lib/random.js';
import type { SessionRepository } from '../repositories/session.repository.js';

export interface SessionContext {
  sessionId: number;
  userId: number;
  isGuest: boolean;
  deviceid: string;
}

/** last_seen is a hint for operators, not a security control: write it at most once a minute. */
const TOUCH_INTERVAL_S = 60;

export class SessionService {
  constructor(private readonly sessions: SessionRepository) {}

  async create(userId: number, device: { deviceid: string; facility: string }): Promise<string> {
    const token = opaqueToken();
    await this.sessions.insert({
      token_hash: sha256Hex(token),
      user_id: userId,
      deviceid: device.deviceid,
      facility: device.facility,
      created_time: nowSeconds(),
    });
    return token;
  }

  /**
   * The session behind `token`, which must belong to `claimedUserId` (the merged `user_id`): a
   * token replayed with another user's id is refused like an unknown one.
   */
  async resolve(token: string, claimedUserId: number): Promise<SessionContext> {
    if (!token) throw Errors.sessionInvalid();
    const session = await this.sessions.findActiveByHash(sha256Hex(token));
    if (!session || session.user_id !== claimedUserId) throw Errors.sessionInvalid();
    const now = nowSeconds();
    if (now - session.last_seen_time >= TOUCH_INTERVAL_S) await this.sessions.touch(session.id, now);
    return {
      sessionId: session.id,
      userId: session.user_id,
      isGuest: session.is_guest === 1,
      deviceid: session.deviceid,
    };
  }

  async revoke(token: string): Promise<boolean> {
    return this.sessions.revokeByHash(sha256Hex(token), nowSeconds());
  }

  async revokeAllForUser(userId: number): Promise<number> {
    return this.sessions.revokeAllForUser(userId, nowSeconds());
  }
}
