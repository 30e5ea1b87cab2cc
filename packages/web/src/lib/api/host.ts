import { getEnvelope } from './envelope';
import { readString, removeKey, STORAGE_KEYS, writeString } from '../storage';

/** How long one mirror gets to answer /healthz before the next is tried. */
export const HOST_PROBE_TIMEOUT_MS = 3_000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Does this host answer GET /healthz with a 2xx in time? */
export async function probeHost(
  host: string,
  fetchImpl: FetchLike = fetch,
  timeoutMs = HOST_PROBE_TIMEOUT_MS,
): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(`${host}/healthz`, { signal: controller.signal, cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The first host of the mirror list that answers, tried in order so operators control preference.
 * Sequential on purpose: a healthy first mirror costs one request, not one per mirror.
 */
export async function pickFirstHealthyHost(
  hosts: readonly string[],
  fetchImpl: FetchLike = fetch,
  timeoutMs = HOST_PROBE_TIMEOUT_MS,
): Promise<string | null> {
  for (const host of hosts) {
    if (await probeHost(host, fetchImpl, timeoutMs)) return host;
  }
  return null;
}

/** Same origin: calls go to relative '/v3/...' paths. */
export const SAME_ORIGIN = '';

let current: string | null = null;

/** The stored host, if it is still one of the configured mirrors (a stale host is forgotten). */
export function readStoredHost(allowed: readonly string[]): string | null {
  const sealed = readString(STORAGE_KEYS.apiHost);
  if (!sealed) return null;
  try {
    const host = getEnvelope().open(sealed);
    if (typeof host === 'string' && allowed.includes(host)) return host;
  } catch {
    // Sealed with another deployment's key, or tampered with: forget it.
  }
  removeKey(STORAGE_KEYS.apiHost);
  return null;
}

export function storeHost(host: string): void {
  writeString(STORAGE_KEYS.apiHost, getEnvelope().seal(host));
}

/**
 * The host known without probing: same origin when there is no mirror list, else the stored choice.
 * Null means the entry page must probe first (spec §2 launch rule).
 */
export function knownHost(apiHosts: readonly string[]): string | null {
  if (current !== null) return current;
  if (apiHosts.length === 0) return SAME_ORIGIN;
  return readStoredHost(apiHosts);
}

export function setCurrentHost(host: string): void {
  current = host;
}

/** Resolves the host for this session, probing the mirrors when none is known yet. */
export async function resolveHost(apiHosts: readonly string[]): Promise<string | null> {
  const known = knownHost(apiHosts);
  if (known !== null) {
    current = known;
    return known;
  }
  const picked = await pickFirstHealthyHost(apiHosts);
  if (picked !== null) {
    storeHost(picked);
    current = picked;
  }
  return picked;
}

export function currentHost(): string | null {
  return current;
}
