import { assertXorKey, TIMEOUTS } from '@dm51/shared';
import { takeEarlyImage } from '../../lib/launch/early';
import { DOWNLOADS_CACHE } from '../../lib/offline/media-cache';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface FetchXfileOptions {
  xorKey: number;
  timeoutMs?: number;
  /** Further attempts after the first (spec §4: up to twice more). */
  retries?: number;
  signal?: AbortSignal;
  fetchImpl?: FetchLike;
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The decoded image's type from the path's extension; jpeg when unknown (spec §7). */
export function mimeForPath(path: string): string {
  const ext = /\.([a-z0-9]+)(?:\?.*)?$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? 'image/jpeg';
}

/**
 * XORs every byte of `bytes` with `key`, in place (the fetched buffer is ours alone): four bytes
 * at a time over the aligned middle, byte by byte at the edges. On a slow phone the byte-wise loop
 * cost milliseconds per reader page on the main thread; the result is the same bytes.
 */
export function xorInPlace(bytes: Uint8Array, key: number): Uint8Array {
  assertXorKey(key);
  const start = Math.min(bytes.length, (4 - (bytes.byteOffset % 4)) % 4);
  const words = Math.floor((bytes.length - start) / 4);
  for (let i = 0; i < start; i++) bytes[i]! ^= key;
  if (words > 0) {
    const wide = new Uint32Array(bytes.buffer, bytes.byteOffset + start, words);
    // The key in every byte of a word: the same whatever the platform's byte order.
    const wideKey = (key * 0x01010101) >>> 0;
    for (let i = 0; i < words; i++) wide[i]! ^= wideKey;
  }
  for (let i = start + words * 4; i < bytes.length; i++) bytes[i]! ^= key;
  return bytes;
}

async function attempt(url: string, options: FetchXfileOptions): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUTS.imageFetchMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await (options.fetchImpl ?? fetch)(url, {
    headers: { 'Cache-Control': 'no-cache' },
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The downloaded copy of an image (lib/offline): the service worker answers with it, but a page it
 * does not control yet (the first visit, a hard reload) asks the cache itself when the network fails.
 */
async function downloadedBytes(url: string): Promise<Uint8Array | null> {
  if (typeof caches === 'undefined') return null;
  const hit = await caches.match(url, { cacheName: DOWNLOADS_CACHE }).catch(() => undefined);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

function decoded(bytes: Uint8Array, url: string, xorKey: number): Blob {
  return new Blob([xorInPlace(bytes, xorKey) as Uint8Array<ArrayBuffer>], { type: mimeForPath(url) });
}

/**
 * Fetches an `_xfile` image as binary and XORs every byte back (protocol.md, "Encrypted images"):
 * 6 s per attempt, `Cache-Control: no-cache`, up to 2 retries. A caller's abort stops at once.
 */
export async function fetchXfile(url: string, options: FetchXfileOptions): Promise<Blob> {
  // The landing page's first image, fetched by boot.ts as soon as its address was known.
  const early = takeEarlyImage(url);
  if (early) {
    try {
      return await early;
    } catch {
      // fetched again below
    }
  }
  // No connection: the downloaded copy, without three attempts that cannot succeed.
  if (globalThis.navigator?.onLine === false && !options.fetchImpl) {
    const bytes = await downloadedBytes(url);
    if (bytes) return decoded(bytes, url, options.xorKey);
  }
  const retries = options.retries ?? TIMEOUTS.imageFetchRetries;
  let lastError: unknown;
  for (let i = 0; i <= retries; i++) {
    if (options.signal?.aborted) throw options.signal.reason;
    try {
      return decoded(await attempt(url, options), url, options.xorKey);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      lastError = error;
    }
  }
  const bytes = options.fetchImpl ? null : await downloadedBytes(url);
  if (bytes) return decoded(bytes, url, options.xorKey);
  throw lastError instanceof Error ? lastError : new Error('image fetch failed');
}
