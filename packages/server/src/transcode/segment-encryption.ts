/**
 * AES-128 (CBC, PKCS#7) encryption of a rendition's MPEG-TS segments, done here rather than by
 * ffmpeg so that the IV is known and distinct: each segment is encrypted with its media sequence
 * number as the IV, which is what HLS players use when EXT-X-KEY has no IV attribute (RFC 8216
 * §5.2). One key per episode; every segment still gets its own IV.
 */
import { createCipheriv } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Stored in the playlist in place of the real key URI, which is written per viewer when served. */
export const KEY_URI_PLACEHOLDER = 'key';

/** The 16-byte IV HLS derives from a media sequence number (big-endian, zero-padded). */
export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

export interface PlaylistSegment {
  uri: string;
  durationS: number;
  sequence: number;
}

/** The segments of a media playlist ffmpeg wrote (EXTINF + URI pairs, from EXT-X-MEDIA-SEQUENCE). */
export function playlistSegments(playlist: string): PlaylistSegment[] {
  const lines = playlist.split('\n').map((l) => l.trim());
  const first = lines.find((l) => l.startsWith('#EXT-X-MEDIA-SEQUENCE:'));
  let sequence = first ? Number(first.split(':')[1]) : 0;
  const out: PlaylistSegment[] = [];
  let duration = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#'))
      out.push({ uri: line, durationS: duration, sequence: sequence++ });
  }
  return out;
}

/** Encrypts every segment of `dir/index.m3u8` in place and adds the EXT-X-KEY tag before the first. */
export async function encryptRendition(dir: string, key: Buffer): Promise<void> {
  const playlistPath = join(dir, 'index.m3u8');
  const playlist = await readFile(playlistPath, 'utf8');
  for (const segment of playlistSegments(playlist)) {
    const path = join(dir, segment.uri);
    const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(segment.sequence));
    await writeFile(path, Buffer.concat([cipher.update(await readFile(path)), cipher.final()]));
  }
  const lines = playlist.split('\n');
  const firstSegment = lines.findIndex((l) => l.startsWith('#EXTINF:'));
  lines.splice(firstSegment, 0, `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URI_PLACEHOLDER}"`);
  await writeFile(playlistPath, lines.join('\n'));
}
