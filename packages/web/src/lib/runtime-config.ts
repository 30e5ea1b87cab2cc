import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@dm51/shared';

export type ConfigProblem = 'missing' | 'invalid';

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problem: ConfigProblem };

/**
 * Checks what /app-config.js left on window. The app cannot talk to any server without it, so a
 * missing or malformed config becomes an explicit error screen rather than failing calls later.
 */
export function parseRuntimeConfig(value: unknown): ConfigResult {
  if (value === undefined || value === null) return { ok: false, problem: 'missing' };
  if (typeof value !== 'object') return { ok: false, problem: 'invalid' };
  const v = value as Record<string, unknown>;
  const valid =
    typeof v.envelopeKey === 'string' &&
    /^[0-9a-fA-F]{32}([0-9a-fA-F]{16}){0,2}$/.test(v.envelopeKey) &&
    typeof v.apiKey === 'string' &&
    typeof v.imageXorKey === 'number' &&
    Array.isArray(v.apiHosts) &&
    v.apiHosts.every((h) => typeof h === 'string') &&
    typeof v.version === 'string';
  if (!valid) return { ok: false, problem: 'invalid' };
  return {
    ok: true,
    config: {
      envelopeKey: v.envelopeKey as string,
      apiKey: v.apiKey as string,
      imageXorKey: v.imageXorKey as number,
      apiHosts: (v.apiHosts as string[]).map((h) => h.trim().replace(/\/+$/, '')).filter(Boolean),
      version: v.version as string,
    },
  };
}

/**
 * The config the server wrote into this page load's index.html (a JSON data block), else
 * what /app-config.js left on window (a page from the service worker's cache, an older server).
 */
export function readRuntimeConfig(
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): unknown {
  // (A page without a DOM, such as a test's stand-in document, has only the global.)
  const inline =
    typeof doc?.getElementById === 'function'
      ? doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent
      : null;
  if (inline) {
    try {
      return JSON.parse(inline) as unknown;
    } catch {
      return 'invalid';
    }
  }
  return (globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
}

let cached: ConfigResult | null = null;

export function loadRuntimeConfig(): ConfigResult {
  cached ??= parseRuntimeConfig(readRuntimeConfig());
  return cached;
}

/** For code that only runs after main.tsx has checked the config. */
export function requireRuntimeConfig(): RuntimeConfig {
  const result = loadRuntimeConfig();
  if (!result.ok) throw new Error(`runtime config ${result.problem}`);
  return result.config;
}
