/**
 * Who may decrypt a VIP episode. Segments of VIP episodes are AES-128 encrypted; the key is served
 * only to a request carrying a token minted by /v3/anime/play for a session allowed to watch that
 * episode. Tokens are HMAC-signed (user, chapter, expiry), short-lived, and need no storage; a
 * revoked VIP loses access when the token expires. The signing key is a server secret (generated once
 * and shared by the cluster through server_secrets), never derived from the public ENVELOPE_KEY.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TranscodeRepository } from '../repositories/transcode.repository.js';
import { SECRET_NAMES, type ServerSecrets } from './server-secrets.js';

export const KEY_TOKEN_TTL_S = 600;

export class VideoAccessService {
  constructor(
    private readonly secrets: ServerSecrets,
    private readonly jobs: TranscodeRepository,
  ) {}

  /** Read from the database once per process, then from memory. */
  private async sign(payload: string): Promise<string> {
    const secret = await this.secrets.load(SECRET_NAMES.videoKeyToken);
    return createHmac('sha256', secret).update(payload).digest('base64url');
  }

  async mintToken(userId: number, chapterId: number, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
    const payload = `${userId}.${chapterId}.${nowS + KEY_TOKEN_TTL_S}`;
    return `${payload}.${await this.sign(payload)}`;
  }

  /** True when `token` was minted for this chapter and has not expired. */
  async verify(token: string, chapterId: number, nowS = Math.floor(Date.now() / 1000)): Promise<boolean> {
    const parts = token.split('.');
    if (parts.length !== 4) return false;
    const [user, chapter, expires, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(await this.sign(`${user}.${chapter}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return Number(chapter) === chapterId && Number(expires) >= nowS;
  }

  /** The 16-byte key of an encrypted episode for a valid token, else null. */
  async key(chapterId: number, token: string): Promise<Buffer | null> {
    if (!(await this.verify(token, chapterId))) return null;
    const job = await this.jobs.job(chapterId);
    if (!job || job.status !== 'ready' || !/^[0-9a-f]{32}$/.test(job.key_hex)) return null;
    return Buffer.from(job.key_hex, 'hex');
  }
}
