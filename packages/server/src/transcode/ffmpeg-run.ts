/**
 * Runs one ffmpeg child process (never in the API's thread), reporting progress from
 * `-progress pipe:1` (out_time_us against the known duration) and turning a failure into a short
 * reason taken from the end of ffmpeg's stderr, which is where it says what was wrong.
 */
import { spawn } from 'node:child_process';

export const FFMPEG = process.env['FFMPEG_PATH'] ?? '/usr/bin/ffmpeg';

export class TranscodeFailure extends Error {}

export interface FfmpegRunOptions {
  /** Expected output duration, to turn out_time into a fraction. */
  durationMs: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The last meaningful stderr lines, e.g. "moov atom not found" or "Invalid data found when processing input". */
function reasonFrom(stderr: string, code: number | null): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('frame=') && !/^(Press|Stream mapping|Input #|Output #)/.test(l));
  // "[mov,mp4,… @ 0x55f…] moov atom not found" → "moov atom not found": the prefix means nothing to people.
  const tail = lines
    .slice(-2)
    .map((l) => l.replace(/\[[^\]]*@ 0x[0-9a-f]+\]\s*/g, ''))
    .join(' / ');
  return (tail || `ffmpeg exited with code ${code}`).slice(0, 400);
}

export function runFfmpeg(args: string[], options: FfmpegRunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      FFMPEG,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-y', ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let pending = '';
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && options.durationMs > 0 && options.onProgress) {
          options.onProgress(Math.min(1, Number(match[1]) / 1000 / options.durationMs));
        }
      }
    });
    child.on('error', (error) => reject(new TranscodeFailure(`ffmpeg could not start: ${error.message}`)));
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) reject(new TranscodeFailure('stopped'));
      else if (code === 0) resolve();
      else reject(new TranscodeFailure(reasonFrom(stderr, code)));
    });
  });
}
