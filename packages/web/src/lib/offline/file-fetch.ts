/**
 * Stores one file of a download in the downloads cache, byte for byte as the server sent it. A
 * file already there (a download resumed after a reload) is not fetched again. The stored copy
 * carries its length, so a resumed download counts its bytes without reading them back.
 */
export class QuotaError extends Error {
  override readonly name = 'QuotaError';
}

export class FileHttpError extends Error {
  override readonly name = 'FileHttpError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

const LENGTH_HEADER = 'x-dm51-bytes';

/** The browser's own "no room" (Cache Storage or IndexedDB). */
export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/** The bytes of a stored file, or null when it is not in the cache. */
export async function storedLength(cache: Cache, url: string): Promise<number | null> {
  const hit = await cache.match(url);
  if (!hit) return null;
  const length = Number(hit.headers.get(LENGTH_HEADER));
  return Number.isFinite(length) && length > 0 ? length : (await hit.blob()).size;
}

async function put(cache: Cache, url: string, body: Blob): Promise<number> {
  const headers = new Headers({ [LENGTH_HEADER]: String(body.size) });
  if (body.type) headers.set('content-type', body.type);
  try {
    await cache.put(url, new Response(body, { status: 200, headers }));
  } catch (error) {
    if (isQuotaError(error)) throw new QuotaError('the browser has no room for this download');
    throw error;
  }
  return body.size;
}

/** Fetches `url` into the cache (unless already there) and returns its size in bytes. */
export async function storeFile(cache: Cache, url: string, signal: AbortSignal): Promise<number> {
  const known = await storedLength(cache, url);
  if (known !== null) return known;
  const response = await fetch(url, { signal, cache: 'no-store' });
  if (!response.ok) throw new FileHttpError(response.status);
  const body = await response.blob();
  const type = response.headers.get('content-type') ?? '';
  return put(cache, url, type && !body.type ? new Blob([body], { type }) : body);
}

/** Stores text the download made itself (an episode's master playlist with the chosen quality only). */
export function storeText(cache: Cache, url: string, text: string, type: string): Promise<number> {
  return put(cache, url, new Blob([text], { type }));
}
