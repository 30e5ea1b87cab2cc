/**
 * A video file → one episode: ffprobe facts, sidecar and embedded subtitles, and a poster (the
 * episode's thumbnail sidecar, else one frame grabbed with ffmpeg). Nothing is transcoded here;
 * the player's issue owns that.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LibraryError, parseName, probeVideo } from '@dm51/library';
import type { FileMeta, PreparedFile } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';
import type { MediaWriter } from './media-renditions.js';
import { emptyFileMeta } from './work-metadata.js';
import { chapterTitle, cleanSeriesName, stemOf, workKeyFor } from './work-naming.js';

export const FFMPEG_PATH = process.env['FFMPEG_PATH'] ?? '/usr/bin/ffmpeg';

export function hasFfmpeg(): boolean {
  return existsSync(FFMPEG_PATH);
}

/** One PNG frame at `seconds`, or null when ffmpeg is missing or fails (the poster is optional). */
function grabFrame(path: string, seconds: number): Promise<Buffer | null> {
  if (!hasFfmpeg()) return Promise.resolve(null);
  const args = [
    '-v',
    'error',
    '-ss',
    seconds.toFixed(2),
    '-i',
    path,
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    '-',
  ];
  return new Promise((resolve) => {
    execFile(
      FFMPEG_PATH,
      args,
      { encoding: 'buffer', timeout: 20_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        resolve(error || stdout.length === 0 ? null : stdout);
      },
    );
  });
}

export async function prepareVideo(
  unit: LibraryUnit,
  writer: MediaWriter,
  libraryRoot: string,
): Promise<PreparedFile> {
  const info = await probeVideo(unit.abs);
  if (!info.video) throw new LibraryError('invalid', 'no video stream (audio only)');
  const parsed = parseName(unit.rel);
  const series = cleanSeriesName(parsed.series ?? stemOf(unit.rel));
  const meta: FileMeta = {
    ...emptyFileMeta(),
    series: unit.seriesFolder ? null : series,
    // ffmpeg writes 'und' (undetermined) when nobody set a language.
    language: [info.audio[0]?.language].find((l) => l && l !== 'und') ?? null,
  };

  const thumbBytes = unit.thumbnail
    ? await readFile(join(libraryRoot, unit.thumbnail)).catch(() => null)
    : null;
  const frame = thumbBytes ?? (await grabFrame(unit.abs, Math.min(1, info.durationSeconds / 3)));
  let posterKey = '';
  if (frame) {
    try {
      posterKey = (await writer.putPage(frame)).key;
      meta.cover = await writer.putCover(frame);
    } catch (error) {
      if (!(error instanceof LibraryError)) throw error;
    }
  }
  const number = parsed.episode ?? parsed.chapter ?? '';
  const volume = parsed.volume ?? '';
  return {
    kind: 'anime',
    workKey: workKeyFor(unit, 'anime', series),
    fallbackTitle: series,
    meta,
    chapters: [
      {
        sourcePath: unit.rel,
        number,
        volume,
        title: chapterTitle('anime', volume, number, stemOf(unit.rel)),
        special: parsed.special === true,
        pages: [],
        novel: null,
        video: {
          sourcePath: unit.abs,
          container: info.container.split(',')[0] ?? info.container,
          durationMs: Math.round(info.durationSeconds * 1000),
          width: info.video.width,
          height: info.video.height,
          videoCodec: info.video.codec,
          audioCodecs: info.audio.map((a) => a.codec),
          subtitles: [
            ...(unit.subtitles ?? []).map((s) => ({
              ...s,
              path: join(libraryRoot, s.path),
              embedded: false,
            })),
            ...info.subtitles.map((s, i) => ({
              path: `#${i}`,
              format: s.codec,
              language: s.language,
              embedded: true,
            })),
          ],
          posterKey,
        },
        durationS: Math.round(info.durationSeconds),
        extraMedia: [posterKey, meta.cover?.key ?? ''].filter(Boolean),
      },
    ],
    media: writer.written,
    skipped: [],
    failedEntries: [],
  };
}
