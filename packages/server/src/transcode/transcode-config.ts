/**
 * Transcoding settings, read from the environment by config.ts: TRANSCODE=off disables the job
 * runner (the e2e harness does this so browser tests spend no CPU unless they ask),
 * TRANSCODE_CONCURRENCY (1–4, default 1: one ffmpeg at a time already uses both cores of the
 * reference machine). A config without them (server unit tests) leaves the runner off: those tests
 * drive it explicitly rather than racing a poller.
 */
export interface TranscodeConfig {
  enabled: boolean;
  concurrency: number;
  /** How often the runner looks for episodes without output (new imports), in ms. */
  pollMs: number;
}

export function loadTranscodeConfig(env: NodeJS.ProcessEnv = process.env): TranscodeConfig {
  const flag = (env['TRANSCODE'] ?? 'on').trim().toLowerCase();
  if (flag !== 'on' && flag !== 'off' && flag !== '') throw new Error('TRANSCODE must be on or off');
  const raw = (env['TRANSCODE_CONCURRENCY'] ?? '').trim();
  const concurrency = raw === '' ? 1 : Number(raw);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 4) {
    throw new Error('TRANSCODE_CONCURRENCY must be an integer from 1 to 4');
  }
  return { enabled: flag !== 'off', concurrency, pollMs: TRANSCODE_POLL_MS };
}

const TRANSCODE_POLL_MS = 5_000;

export const TRANSCODE_DISABLED: TranscodeConfig = {
  enabled: false,
  concurrency: 1,
  pollMs: TRANSCODE_POLL_MS,
};
