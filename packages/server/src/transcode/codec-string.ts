/**
 * The RFC 6381 codec string of a rendition's video, for CODECS on EXT-X-STREAM-INF: read from the
 * stream's own sequence parameter set (profile, constraint flags, level), so a copied source and an
 * x264 encode are both described by what they really are, not by what was asked for.
 */
import { readFile, rm } from 'node:fs/promises';
import { runFfmpeg } from './ffmpeg-run.js';

/** AAC-LC, what ffmpeg's native `aac` encoder writes for every rendition's audio. */
export const AAC_LC = 'mp4a.40.2';

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** `avc1.PPCCLL` from an H.264 Annex B stream: the first NAL unit of type 7 (SPS). */
export function avcCodecFromAnnexB(stream: Buffer): string | null {
  for (let i = 0; i + 7 < stream.length; i++) {
    if (stream[i] !== 0 || stream[i + 1] !== 0 || stream[i + 2] !== 1) continue;
    if ((stream[i + 3]! & 0x1f) !== 7) continue;
    return `avc1.${hex(stream[i + 4]!)}${hex(stream[i + 5]!)}${hex(stream[i + 6]!)}`;
  }
  return null;
}

/** The video codec string of an MPEG-TS segment (one frame copied out as raw H.264). */
export async function videoCodecOf(segmentPath: string, scratchFile: string): Promise<string | null> {
  try {
    await runFfmpeg(
      ['-i', segmentPath, '-map', '0:v:0', '-c:v', 'copy', '-frames:v', '1', '-f', 'h264', scratchFile],
      { durationMs: 0 },
    );
    return avcCodecFromAnnexB(await readFile(scratchFile));
  } finally {
    await rm(scratchFile, { force: true });
  }
}
