/** Content types of the media we store, by extension. `_xfile` objects are XOR-encoded, not images. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json',
};

export function mediaContentType(key: string): string {
  if (/_xfile\.[a-z0-9]+$/.test(key)) return 'application/octet-stream';
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Keys named by their content hash never change, so they may be cached forever. */
export function isContentHashedKey(key: string): boolean {
  return /(^|\/)[0-9a-f]{64}(_xfile)?\.[a-z0-9]+$/.test(key);
}

/**
 * Keys whose bytes never change once written, so they may be cached forever: content-hashed keys,
 * and HLS packages, which are uploaded once under a fresh `hls/<chapter>/<random>/` folder (a new
 * transcode writes a new folder; the old one is deleted, never rewritten).
 */
export function isImmutableKey(key: string): boolean {
  return isContentHashedKey(key) || /^hls\/\d+\/[0-9a-f]{16}\//.test(key);
}
