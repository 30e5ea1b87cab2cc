/**
 * Live watching of LIBRARY_DIR, read from the environment by config.ts:
 * - LIBRARY_WATCH (on/off, default on): watch the folder and import changes within seconds;
 * - LIBRARY_WATCH_DEBOUNCE_MS (default 2000): quiet time after the last change before an import;
 * - LIBRARY_SETTLE_MS (default 5000): a file written to more recently than this is still being
 *   copied, so the import waits for it (or leaves it for the next run) instead of reading half of it;
 * - LIBRARY_SCAN_INTERVAL_S (default 900, 0 = never): the periodic safety scan that catches what
 *   the watcher missed (network mounts deliver no events, inotify limits, events while stopped).
 * A config without it (server unit tests) means no watcher and no settle wait: the import of
 * LIBRARY_DIR at start-up behaves like the CLI.
 */
export interface LibraryWatchConfig {
  enabled: boolean;
  debounceMs: number;
  settleMs: number;
  /** 0 turns the safety scan off. */
  scanIntervalMs: number;
}

export const LIBRARY_WATCH_DEFAULTS: LibraryWatchConfig = {
  enabled: true,
  debounceMs: 2_000,
  settleMs: 5_000,
  scanIntervalMs: 900_000,
};

function integerVar(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

export function loadLibraryWatchConfig(env: NodeJS.ProcessEnv = process.env): LibraryWatchConfig {
  const flag = (env['LIBRARY_WATCH'] ?? '').trim().toLowerCase();
  if (flag !== 'on' && flag !== 'off' && flag !== '') throw new Error('LIBRARY_WATCH must be on or off');
  return {
    enabled: flag !== 'off',
    debounceMs: integerVar(env, 'LIBRARY_WATCH_DEBOUNCE_MS', 50, 600_000, LIBRARY_WATCH_DEFAULTS.debounceMs),
    settleMs: integerVar(env, 'LIBRARY_SETTLE_MS', 0, 600_000, LIBRARY_WATCH_DEFAULTS.settleMs),
    scanIntervalMs:
      integerVar(env, 'LIBRARY_SCAN_INTERVAL_S', 0, 604_800, LIBRARY_WATCH_DEFAULTS.scanIntervalMs / 1000) *
      1000,
  };
}
