/**
 * One episode → an HLS package in a scratch folder: a rendition per planned height (4 s
 * keyframe-aligned MPEG-TS segments, AES-128 encrypted for paid episodes with a distinct IV per
 * segment), a master playlist with BANDWIDTH, RESOLUTION and CODECS on every variant, a poster,
 * preview thumbnails with a WebVTT thumbnail track, and WebVTT subtitles from sidecars and
 * embedded text tracks. Every variant has the same segment boundaries and the same audio layout
 * (AAC stereo), so players switch between them cleanly. Each step is its own ffmpeg child process;
 * a failing subtitle or thumbnail is left out rather than failing an otherwise playable episode.
 */
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AAC_LC, videoCodecOf } from './codec-string.js';
import type { HlsManifest, HlsRendition, HlsSubtitle } from './hls-manifest.js';
import { runFfmpeg, TranscodeFailure } from './ffmpeg-run.js';
import { keyframesOnGrid } from './keyframe-grid.js';
import { planRenditions, type SourceFacts } from './rendition-plan.js';
import { encryptRendition, playlistSegments } from './segment-encryption.js';

export const SEGMENT_SECONDS = 4;
/** Image subtitle codecs (PGS, DVD) cannot become WebVTT text. */
const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'vtt', 'mov_text', 'text']);

export interface SubtitleSource {
  /** Absolute sidecar path, or `#<n>` for the n-th embedded subtitle stream. */
  path: string;
  format: string;
  language: string;
  embedded?: boolean;
}

export interface PackageInput extends SourceFacts {
  sourcePath: string;
  durationMs: number;
  subtitles: SubtitleSource[];
  /**
   * AES-128 encryption for paid episodes. The playlists name a placeholder key URI: the real one
   * (a signed, per-viewer URL) is written into each viewer's copy when it is served.
   */
  encryption: { key: Buffer } | null;
}

export interface PackageOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Peak and average bits per second over a rendition's segments (RFC 8216 §4.3.4.2). */
async function measureBandwidth(dir: string): Promise<{ peak: number; average: number }> {
  const segments = playlistSegments(await readFile(join(dir, 'index.m3u8'), 'utf8'));
  let bytes = 0;
  let seconds = 0;
  let peak = 0;
  for (const segment of segments) {
    const size = (await stat(join(dir, segment.uri))).size;
    bytes += size;
    seconds += segment.durationS;
    // A very short last segment would overstate the peak: count at least half a segment's length.
    peak = Math.max(peak, (size * 8) / Math.max(segment.durationS, SEGMENT_SECONDS / 2));
  }
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  // The peak is never below the average (RFC 8216: BANDWIDTH is an upper bound).
  return {
    peak: Math.max(64_000, Math.ceil(Math.max(peak, average))),
    average: Math.max(64_000, Math.ceil(average)),
  };
}

function masterPlaylist(renditions: HlsRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    const attributes = [
      `BANDWIDTH=${r.bandwidth}`,
      ...(r.averageBandwidth ? [`AVERAGE-BANDWIDTH=${r.averageBandwidth}`] : []),
      `RESOLUTION=${r.width}x${r.height}`,
      ...(r.codecs ? [`CODECS="${r.codecs}"`] : []),
      `NAME="${r.name}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`);
    lines.push(r.playlist);
  }
  return `${lines.join('\n')}\n`;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Thumbnail spacing: about 40 previews per episode, at least one a second. */
export function thumbnailInterval(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / 1000 / 40));
}

export async function packageEpisode(
  input: PackageInput,
  outDir: string,
  options: PackageOptions = {},
): Promise<HlsManifest> {
  try {
    await stat(input.sourcePath);
  } catch {
    throw new TranscodeFailure(`source file is missing: ${input.sourcePath}`);
  }
  const onGrid =
    input.videoCodec.toLowerCase() === 'h264' &&
    (await keyframesOnGrid(input.sourcePath, SEGMENT_SECONDS, input.durationMs, options.signal));
  const plan = planRenditions(input, { keyframesOnGrid: onGrid });
  const hasAudio = input.audioCodecs.length > 0;
  const share = 0.9 / plan.length;
  const renditions: HlsRendition[] = [];
  for (const [index, r] of plan.entries()) {
    const dir = join(outDir, `v${r.height}`);
    await mkdir(dir, { recursive: true });
    // Every variant gets the same audio: AAC-LC stereo (a mono or 5.1 source is mixed to two
    // channels), so switching quality never changes the sound.
    const audio = hasAudio ? ['-c:a', 'aac', '-b:a', r.height <= 360 ? '96k' : '128k', '-ac', '2'] : [];
    const codec = r.copy
      ? ['-c:v', 'copy', ...audio]
      : [
          '-vf',
          `scale=${r.width}:${r.height}`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-profile:v',
          'high',
          '-pix_fmt',
          'yuv420p',
          // Keyframes exactly on segment boundaries, so every rendition switches cleanly.
          '-force_key_frames',
          `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
          '-sc_threshold',
          '0',
          ...audio,
        ];
    await runFfmpeg(
      [
        '-i',
        input.sourcePath,
        '-map',
        '0:v:0',
        ...(hasAudio ? ['-map', '0:a:0'] : ['-an']),
        '-sn',
        '-dn',
        ...codec,
        '-f',
        'hls',
        '-hls_time',
        String(SEGMENT_SECONDS),
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        join(dir, 'seg_%04d.ts'),
        join(dir, 'index.m3u8'),
      ],
      {
        durationMs: input.durationMs,
        signal: options.signal,
        onProgress: (f) => options.onProgress?.(index * share + f * share),
      },
    );
    // Read from the plain first segment, before it is encrypted. A dot file: never uploaded.
    const video = await videoCodecOf(join(dir, 'seg_0000.ts'), join(outDir, '.codec-probe.h264'));
    if (!video) throw new TranscodeFailure(`no H.264 parameters in the ${r.name} rendition`);
    const { peak, average } = await measureBandwidth(dir);
    if (input.encryption) await encryptRendition(dir, input.encryption.key);
    renditions.push({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: peak,
      averageBandwidth: average,
      codecs: hasAudio ? `${video},${AAC_LC}` : video,
      playlist: `v${r.height}/index.m3u8`,
      copied: r.copy,
    });
  }
  // Highest first: players that ignore BANDWIDTH start with the best picture.
  renditions.sort((a, b) => b.height - a.height);
  await writeFile(join(outDir, 'master.m3u8'), masterPlaylist(renditions));

  const posterAt = Math.min(3, input.durationMs / 1000 / 3);
  await runFfmpeg(
    [
      '-ss',
      posterAt.toFixed(2),
      '-i',
      input.sourcePath,
      '-frames:v',
      '1',
      '-vf',
      'scale=-2:360',
      '-q:v',
      '4',
      join(outDir, 'poster.jpg'),
    ],
    { durationMs: 0, signal: options.signal },
  );
  options.onProgress?.(0.93);
  const thumbnails = await makeThumbnails(input, outDir, options.signal);
  options.onProgress?.(0.97);
  const subtitles = await makeSubtitles(input, outDir, options.signal);
  options.onProgress?.(1);
  return {
    master: 'master.m3u8',
    durationMs: input.durationMs,
    renditions,
    subtitles,
    thumbnails,
    poster: 'poster.jpg',
    encrypted: input.encryption !== null,
  };
}

async function makeThumbnails(input: PackageInput, outDir: string, signal?: AbortSignal): Promise<string> {
  const interval = thumbnailInterval(input.durationMs);
  const dir = join(outDir, 'thumbs');
  await mkdir(dir, { recursive: true });
  try {
    await runFfmpeg(
      [
        '-i',
        input.sourcePath,
        '-an',
        '-sn',
        '-vf',
        `fps=1/${interval},scale=160:-2`,
        '-q:v',
        '6',
        join(dir, 't%04d.jpg'),
      ],
      { durationMs: input.durationMs, signal },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return '';
  }
  const images = (await readdir(dir)).filter((n) => n.endsWith('.jpg')).sort();
  const end = input.durationMs / 1000;
  const cues = images.map((name, i) => {
    const from = i * interval;
    return `${vttTime(from)} --> ${vttTime(Math.min(end, from + interval))}\n${name}`;
  });
  await writeFile(join(dir, 'thumbs.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`);
  return 'thumbs/thumbs.vtt';
}

async function makeSubtitles(
  input: PackageInput,
  outDir: string,
  signal?: AbortSignal,
): Promise<HlsSubtitle[]> {
  const dir = join(outDir, 'subs');
  await mkdir(dir, { recursive: true });
  const out: HlsSubtitle[] = [];
  for (const sub of input.subtitles) {
    if (!TEXT_SUBTITLE_CODECS.has(sub.format.toLowerCase())) continue;
    const embedded = sub.path.startsWith('#');
    const file = `subs/s${out.length}.vtt`;
    const args = embedded
      ? ['-i', input.sourcePath, '-map', `0:s:${Number(sub.path.slice(1))}`]
      : ['-i', sub.path];
    try {
      await runFfmpeg([...args, '-c:s', 'webvtt', '-f', 'webvtt', join(outDir, file)], {
        durationMs: 0,
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      continue;
    }
    const language = sub.language || 'und';
    out.push({ file, language, label: language === 'und' ? `Subtitles ${out.length + 1}` : language });
  }
  return out;
}
