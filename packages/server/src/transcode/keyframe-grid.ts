/**
 * Whether a source's video can be copied into a rendition that cuts like the re-encoded ones: the
 * HLS muxer cuts a segment at the first keyframe at or after each multiple of the segment length,
 * and the re-encoded renditions force a keyframe exactly there. A copied stream whose keyframes do
 * not sit on that grid would get segments of other lengths (a 10 s GOP gives 10 s segments), and
 * the variants of one episode would not line up.
 */
import { execFile } from 'node:child_process';

/** The importer's ffprobe (FFPROBE_PATH, docs/reference/configuration.md). */
const FFPROBE = process.env['FFPROBE_PATH'] ?? '/usr/bin/ffprobe';
/** Within this of a boundary counts as on it: less than one frame at 24 fps and above. */
const TOLERANCE_S = 0.04;

/** Keyframe times (seconds, from the first video packet) of the first video stream. */
function keyframeTimes(path: string, signal?: AbortSignal): Promise<number[]> {
  return new Promise((resolve, reject) => {
    execFile(
      FFPROBE,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'packet=pts_time,flags',
        '-of',
        'csv=p=0',
        path,
      ],
      { maxBuffer: 64 * 1024 * 1024, ...(signal ? { signal } : {}) },
      (error, stdout) => {
        if (error) return reject(error);
        const all = stdout
          .split('\n')
          .map((line) => line.split(','))
          .filter(([time]) => time && time !== 'N/A');
        const start = Math.min(...all.map(([time]) => Number(time)));
        resolve(all.filter(([, flags]) => flags?.includes('K')).map(([time]) => Number(time) - start));
      },
    );
  });
}

/** True when there is a keyframe on every segment boundary before the end. */
export async function keyframesOnGrid(
  path: string,
  segmentSeconds: number,
  durationMs: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const times = await keyframeTimes(path, signal).catch(() => null);
  if (!times || times.length === 0) return false;
  for (
    let boundary = segmentSeconds;
    boundary < durationMs / 1000 - TOLERANCE_S;
    boundary += segmentSeconds
  ) {
    if (!times.some((t) => t >= boundary - 1e-6 && t < boundary + TOLERANCE_S)) return false;
  }
  return true;
}
