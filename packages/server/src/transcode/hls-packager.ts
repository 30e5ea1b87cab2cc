/**
 * One episode → an HLS package in a scratch folder: a rendition per planned height (4 s
 * keyframe-aligned MPEG-TS segments, AES-128 encrypted for VIP episodes), a master playlist, a
 * poster, preview thumbnails with a WebVTT thumbnail track, and WebVTT subtitles from sidecars and
 * embedded text tracks. Each step is its own ffmpeg child process; a failing subtitle or thumbnail
 * is left out rather than failing an otherwise playable episode.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HlsManifest, HlsRendition, HlsSubtitle } from './hls-manifest.js';
import { runFfmpeg, TranscodeFailure } from './ffmpeg-run.js';
import { planRenditions, type SourceFacts } from './rendition-plan.js';

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
  /** AES-128 encryption for VIP episodes: the key and the URI players fetch it from. */
  encryption: { key: Buffer; uri: string } | null;
}

export interface PackageOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

async function folderBytes(dir: string, ext: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) if (name.endsWith(ext)) total += (await stat(join(dir, name))).size;
  return total;
}

function masterPlaylist(renditions: HlsRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},NAME="${r.name}"`,
    );
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
  const plan = planRenditions(input);
  const hasAudio = input.audioCodecs.length > 0;
  const share = 0.9 / plan.length;
  const renditions: HlsRendition[] = [];
  let keyInfo: string | null = null;
  if (input.encryption) {
    // Dot files: the uploader skips them, so the key never reaches the public media store.
    const keyFile = join(outDir, '.hls.key');
    await writeFile(keyFile, input.encryption.key);
    keyInfo = join(outDir, '.hls.keyinfo');
    await writeFile(keyInfo, `${input.encryption.uri}\n${keyFile}\n`);
  }
  for (const [index, r] of plan.entries()) {
    const dir = join(outDir, `v${r.height}`);
    await mkdir(dir, { recursive: true });
    const codec = r.copy
      ? ['-c:v', 'copy', ...(hasAudio ? ['-c:a', 'copy'] : [])]
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
          ...(hasAudio ? ['-c:a', 'aac', '-b:a', r.height <= 360 ? '96k' : '128k', '-ac', '2'] : []),
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
        ...(keyInfo ? ['-hls_key_info_file', keyInfo] : []),
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
    const bytes = await folderBytes(dir, '.ts');
    const seconds = Math.max(0.5, input.durationMs / 1000);
    renditions.push({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: Math.max(64_000, Math.round(((bytes * 8) / seconds) * 1.2)),
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
