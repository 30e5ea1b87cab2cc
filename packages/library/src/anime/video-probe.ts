import { execFile } from 'node:child_process';
import { LibraryError } from '../errors.js';

export interface VideoInfo {
  container: string;
  durationSeconds: number;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string; language: string | null; channels: number | null }[];
  subtitles: { codec: string; language: string | null; title: string | null }[];
}

export const FFPROBE_PATH = process.env['FFPROBE_PATH'] ?? '/usr/bin/ffprobe';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { language?: string; title?: string };
}

/**
 * Probes a video with ffprobe (JSON output, time-limited). Reads container headers only, so it is
 * cheap even for multi-GB episodes. Cover art attached as a video stream is not the video.
 */
export function probeVideo(path: string, timeoutMs = 20_000): Promise<VideoInfo> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', path];
  return new Promise((resolve, reject) => {
    execFile(
      FFPROBE_PATH,
      args,
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const detail = (stderr || error.message).trim().split('\n').at(-1) ?? 'ffprobe failed';
          reject(new LibraryError('corrupt', `unreadable video: ${detail}`, { cause: error }));
          return;
        }
        try {
          resolve(
            toVideoInfo(JSON.parse(stdout) as { format?: Record<string, unknown>; streams?: ProbeStream[] }),
          );
        } catch (e) {
          reject(
            e instanceof LibraryError
              ? e
              : new LibraryError('corrupt', 'unreadable video: bad ffprobe output', { cause: e }),
          );
        }
      },
    );
  });
}

function toVideoInfo(probe: { format?: Record<string, unknown>; streams?: ProbeStream[] }): VideoInfo {
  const streams = probe.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number(probe.format?.['duration']);
  if (!video && !streams.some((s) => s.codec_type === 'audio')) {
    throw new LibraryError('invalid', 'unreadable video: no video or audio stream');
  }
  return {
    container: String(probe.format?.['format_name'] ?? 'unknown'),
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    video: video
      ? { codec: video.codec_name ?? 'unknown', width: video.width ?? 0, height: video.height ?? 0 }
      : null,
    audio: streams
      .filter((s) => s.codec_type === 'audio')
      .map((s) => ({
        codec: s.codec_name ?? 'unknown',
        language: s.tags?.language ?? null,
        channels: s.channels ?? null,
      })),
    subtitles: streams
      .filter((s) => s.codec_type === 'subtitle')
      .map((s) => ({
        codec: s.codec_name ?? 'unknown',
        language: s.tags?.language ?? null,
        title: s.tags?.title ?? null,
      })),
  };
}
