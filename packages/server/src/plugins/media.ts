/**
 * GET /media/<key>: stored media with its content type, byte ranges (video players and resumable
 * downloads need them) and cache headers. It reads through the MediaStore interface, so it works
 * the same for any store.
 *
 * With MEDIA_DELIVERY=signed (an S3 store), the answer is instead a 302 to a short-lived presigned
 * URL, so the bytes (and any range request) go straight from the object store to the client.
 *
 * An episode's playlists, segments and subtitles are not served here: whether they may be watched
 * is decided per request by /v3/anime/hls (and the AES keys, never in the store, by
 * /v3/anime/key). Only an episode's poster and preview thumbnails are public media.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import parseRange from 'range-parser';
import { BoundedCache } from '../media/bounded-cache.js';
import { isValidMediaKey } from '../media/media-key.js';
import type { MediaObjectInfo } from '../media/media-store.js';
import { isImmutableKey, mediaContentType } from '../media/media-types.js';

/** HLS package files that only the access-checked /v3/anime/hls route serves. */
export function isProtectedHlsKey(key: string): boolean {
  return key.startsWith('hls/') && /\.(?:m3u8|ts|vtt)$/.test(key) && !/\/thumbs\/[^/]+$/.test(key);
}

export const mediaPlugin: FastifyPluginAsync = async (app) => {
  // Never compressed per request: images and video are compressed formats, and byte ranges must
  // address the stored bytes.
  const settings = app.config.mediaStore;
  const signing = settings?.delivery === 'signed' && app.media.signedUrl ? settings.signedUrlTtlS : null;
  // A remote store is a round trip per question. Immutable objects never change size, and a
  // presigned URL can be handed out again while it has at least half its lifetime left.
  const remote = settings?.kind === 's3';
  const sizes = new BoundedCache<MediaObjectInfo>(50_000);
  const signedUrls = new BoundedCache<{ url: string; expiresAt: number }>(50_000);

  const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found\n');

  app.get('/media/*', { compress: false }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidMediaKey(key) || isProtectedHlsKey(key)) return notFound(reply);
    if (signing !== null && !key.endsWith('.m3u8')) {
      // Signed locally, no request to the store; a missing object is the store's 404 at the target.
      const now = Date.now();
      let signed = signedUrls.get(key);
      if (!signed || signed.expiresAt - now < (signing * 1000) / 2) {
        signed = { url: await app.media.signedUrl!(key, signing), expiresAt: now + signing * 1000 };
        signedUrls.set(key, signed);
      }
      const maxAge = Math.max(0, Math.floor((signed.expiresAt - now) / 1000) - 60);
      return (
        reply
          .status(302)
          .header('location', signed.url)
          // Browsers reuse the redirect until a minute before the URL expires; never shared caches.
          .header('cache-control', `private, max-age=${maxAge}`)
          // A cross-origin fetch follows a redirect only when the redirect itself passes CORS.
          .header('access-control-allow-origin', '*')
          .send()
      );
    }
    const memo = remote && isImmutableKey(key);
    let info = memo ? sizes.get(key) : undefined;
    if (!info) {
      info = (await app.media.stat(key)) ?? undefined;
      if (!info) return notFound(reply);
      if (memo) sizes.set(key, info);
    }

    reply
      .header('content-type', mediaContentType(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', isImmutableKey(key) ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('access-control-allow-origin', '*');

    // Deleted since its size was memoised (orphan collection, a replaced transcode).
    const gone = (r: FastifyReply) => {
      sizes.delete(key);
      return notFound(r.removeHeader('accept-ranges').header('cache-control', 'no-cache'));
    };
    const rangeHeader = request.headers.range;
    if (rangeHeader) {
      const ranges = parseRange(info.size, rangeHeader, { combine: true });
      if (ranges === -1) {
        return reply.status(416).header('content-range', `bytes */${info.size}`).send();
      }
      // Malformed headers (-2), units other than bytes and multi-range requests fall back to the
      // whole object (RFC 9110: a range unit the server does not support is ignored).
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
        const { start, end } = ranges[0]!;
        const stream = await app.media.createReadStream(key, { start, end });
        if (!stream) return gone(reply);
        return reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${info.size}`)
          .header('content-length', end - start + 1)
          .send(stream);
      }
    }
    const stream = await app.media.createReadStream(key);
    if (!stream) return gone(reply);
    return reply.header('content-length', info.size).send(stream);
  });
};
