import { TIMEOUTS, xorBytes } from '@dm51/shared';

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
 * Fetches an `_xfile` image as binary and XORs every byte back (protocol.md, "Encrypted images"):
 * 6 s per attempt, `Cache-Control: no-cache`, up to 2 retries. A caller's abort stops at once.
 */
export async function fetchXfile(url: string, options: FetchXfileOptions): Promise<Blob> {
  const retries = options.retries ?? TIMEOUTS.imageFetchRetries;
  let lastError: unknown;
  for (let i = 0; i <= retries; i++) {
    if (options.signal?.aborted) throw options.signal.reason;
    try {
      const bytes = await attempt(url, options);
      const decoded = xorBytes(bytes, options.xorKey);
      return new Blob([decoded as Uint8Array<ArrayBuffer>], { type: mimeForPath(url) });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('image fetch failed');
}
