/**
 * GET /media/<key>: stored media with its content type, byte ranges (video players and resumable
 * downloads need them) and cache headers. It reads through the MediaStore interface, so it works
 * the same for any store.
 */
import type { FastifyPluginAsync } from 'fastify';
import parseRange from 'range-parser';
import { isValidMediaKey } from '../media/media-key.js';
import { isImmutableKey, mediaContentType } from '../media/media-types.js';

export const mediaPlugin: FastifyPluginAsync = async (app) => {
  // Never compressed per request: images and video are compressed formats, and byte ranges must
  // address the stored bytes.
  app.get('/media/*', { compress: false }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidMediaKey(key)) return reply.status(404).type('text/plain').send('Not found\n');
    const info = await app.media.stat(key);
    if (!info) return reply.status(404).type('text/plain').send('Not found\n');

    reply
      .header('content-type', mediaContentType(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', isImmutableKey(key) ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('access-control-allow-origin', '*');

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
        return reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${info.size}`)
          .header('content-length', end - start + 1)
          .send(stream);
      }
    }
    const stream = await app.media.createReadStream(key);
    return reply.header('content-length', info.size).send(stream);
  });
};
