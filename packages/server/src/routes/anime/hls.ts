/**
 * GET /v3/anime/hls/<chapter>/<file>?t=<stream token>: an episode's playlists, segments and
 * subtitles. Not an envelope call: HLS players (hls.js and the browsers' native players alike)
 * fetch these as plain resources, and native players send no custom headers, so the viewer is the
 * signed token in the URL (from /v3/anime/play). Every request is decided now: the token must be
 * genuine, unexpired and for this episode, and its viewer must be allowed to watch the episode as
 * it is priced now — a price change or a lapsed VIP applies to the next request, whatever the
 * episode's package looked like. Refusals are 403 with no bytes.
 *
 * Playlists are rewritten per viewer (viewer-playlist.ts); segments are streamed from the media
 * store with byte ranges, or with MEDIA_DELIVERY=signed answered by a 302 to a presigned URL.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import parseRange from 'range-parser';
import { mediaContentType } from '../../media/media-types.js';
import { presentStream } from '../../presenters/anime.presenter.js';
import { keyUrl, viewerPlaylist } from '../../transcode/viewer-playlist.js';

/** The names a package holds (hls-packager.ts); anything else is not served here. */
const PACKAGE_FILE = /^(?:master\.m3u8|v\d{2,5}\/(?:index\.m3u8|seg_\d{4,6}\.ts)|subs\/s\d{1,3}\.vtt)$/;

export const animeHlsRoute: FastifyPluginAsync = async (app) => {
  const settings = app.config.mediaStore;
  const signing = settings?.delivery === 'signed' && app.media.signedUrl ? settings.signedUrlTtlS : null;

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/plain').send(`${message}\n`);

  app.get('/anime/hls/:chapter/*', { compress: false }, async (request, reply) => {
    const params = request.params as { chapter: string; '*': string };
    const chapterId = Number(params.chapter);
    const file = params['*'];
    const token = (request.query as Record<string, unknown>)['t'];
    if (!Number.isSafeInteger(chapterId) || chapterId < 1 || !PACKAGE_FILE.test(file)) {
      return refuse(reply, 404, 'Not found');
    }
    const access = app.services.videoAccess;
    const viewer = typeof token === 'string' ? await access.streamViewer(token, chapterId) : null;
    if (viewer === null) return refuse(reply, 403, 'a valid stream token is required');
    if (!(await app.services.anime.mayWatch(viewer, chapterId))) {
      return refuse(reply, 403, 'this episode is locked for this viewer');
    }
    const stream = presentStream(await access.packageOf(chapterId));
    if (!stream) return refuse(reply, 404, 'Not found');
    const key = stream.key(file);
    reply.header('access-control-allow-origin', '*');

    if (file.endsWith('.m3u8')) {
      const stored = await app.media.get(key);
      if (!stored) return refuse(reply, 404, 'Not found');
      const keyToken = stream.manifest.encrypted ? await access.mintToken(viewer, chapterId) : '';
      return (
        reply
          .header('content-type', mediaContentType(key))
          // Per viewer, with a key URL that expires: never cached, never shared.
          .header('cache-control', 'private, no-store')
          .send(viewerPlaylist(stored.toString('utf8'), token as string, keyUrl(chapterId, keyToken)))
      );
    }

    if (signing !== null) {
      return reply
        .status(302)
        .header('location', await app.media.signedUrl!(key, signing))
        .header('cache-control', 'private, no-store')
        .send();
    }
    const info = await app.media.stat(key);
    if (!info) return refuse(reply, 404, 'Not found');
    // A segment never changes under its key (a new package gets a new prefix): the browser may keep
    // it a while for seeking back; shared caches never (it was answered to one viewer).
    reply
      .header('content-type', mediaContentType(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=600');
    const ranges = request.headers.range
      ? parseRange(info.size, request.headers.range, { combine: true })
      : -2;
    if (ranges === -1) return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      const body = await app.media.createReadStream(key, { start, end });
      if (!body) return refuse(reply, 404, 'Not found');
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', end - start + 1)
        .send(body);
    }
    const body = await app.media.createReadStream(key);
    if (!body) return refuse(reply, 404, 'Not found');
    return reply.header('content-length', info.size).send(body);
  });
};
