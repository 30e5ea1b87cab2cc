/**
 * Signed, expiring capabilities for an episode's HLS resources. Browsers' native HLS (Safari, iOS)
 * cannot add a header to the requests it makes for playlists, segments and keys, so the viewer is
 * named in the URL instead: a token of (user, chapter, expiry) HMAC-signed with a server secret
 * (generated once and shared by the cluster through server_secrets, never derived from the public
 * ENVELOPE_KEY). Two kinds, signed apart so one never passes for the other:
 * - a stream token (the `t` of /v3/anime/hls/… URLs), living as long as the episode plus an hour,
 *   so a paused or long episode still loads its segments;
 * - a key token (the `token` of /v3/anime/key), living 10 minutes, written fresh into each
 *   viewer's media playlist every time it is served.
 * A token only names the viewer: whether that viewer may watch the episode is checked again on
 * every request (AnimeService.mayWatch), so a price change or a lapsed VIP takes effect at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TranscodeRepository } from '../repositories/transcode.repository.js';
import { SECRET_NAMES, type ServerSecrets } from './server-secrets.js';

export const KEY_TOKEN_TTL_S = 600;
/** A stream token outlives its episode by this much (pauses, seeking back). */
export const STREAM_TOKEN_MARGIN_S = 3600;

type Purpose = 'key' | 'stream';

export class VideoAccessService {
  constructor(
    private readonly secrets: ServerSecrets,
    private readonly jobs: TranscodeRepository,
  ) {}

  /** Read from the database once per process, then from memory. */
  private async sign(purpose: Purpose, payload: string): Promise<string> {
    const secret = await this.secrets.load(SECRET_NAMES.videoKeyToken);
    // Key tokens sign the bare payload (as before); stream tokens a prefixed one.
    const signed = purpose === 'key' ? payload : `hls:${payload}`;
    return createHmac('sha256', secret).update(signed).digest('base64url');
  }

  private async mint(purpose: Purpose, userId: number, chapterId: number, expiresS: number): Promise<string> {
    const payload = `${userId}.${chapterId}.${expiresS}`;
    return `${payload}.${await this.sign(purpose, payload)}`;
  }

  /** The user a token was minted for, when it is genuine, of this purpose and chapter, and unexpired. */
  private async check(
    purpose: Purpose,
    token: string,
    chapterId: number,
    nowS: number,
  ): Promise<number | null> {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [user, chapter, expires, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(await this.sign(purpose, `${user}.${chapter}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (Number(chapter) !== chapterId || !(Number(expires) >= nowS)) return null;
    const userId = Number(user);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  }

  async mintToken(userId: number, chapterId: number, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
    return this.mint('key', userId, chapterId, nowS + KEY_TOKEN_TTL_S);
  }

  async mintStreamToken(
    userId: number,
    chapterId: number,
    durationS: number,
    nowS = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    const lifetime = Math.ceil(Math.max(0, durationS)) + STREAM_TOKEN_MARGIN_S;
    return this.mint('stream', userId, chapterId, nowS + lifetime);
  }

  /** True when `token` is a key token minted for this chapter and has not expired. */
  async verify(token: string, chapterId: number, nowS = Math.floor(Date.now() / 1000)): Promise<boolean> {
    return (await this.check('key', token, chapterId, nowS)) !== null;
  }

  /** The viewer of a key token, or null. */
  keyViewer(token: string, chapterId: number, nowS = Math.floor(Date.now() / 1000)): Promise<number | null> {
    return this.check('key', token, chapterId, nowS);
  }

  /** The viewer of a stream token, or null. */
  streamViewer(
    token: string,
    chapterId: number,
    nowS = Math.floor(Date.now() / 1000),
  ): Promise<number | null> {
    return this.check('stream', token, chapterId, nowS);
  }

  /** The episode's packaging job (its package when ready). */
  packageOf(chapterId: number) {
    return this.jobs.job(chapterId);
  }

  /** The 16-byte key of an encrypted episode's current package, or null when it has none. */
  async storedKey(chapterId: number): Promise<Buffer | null> {
    const job = await this.jobs.job(chapterId);
    if (!job || job.status !== 'ready' || !/^[0-9a-f]{32}$/.test(job.key_hex)) return null;
    return Buffer.from(job.key_hex, 'hex');
  }
}
