/**
 * GET /v3/anime/key?chapter_id=N&token=T: the raw 16-byte AES-128 key of a paid episode's segments,
 * for HLS players. Not an envelope call: players fetch it as a plain binary resource, and the URL
 * is all they have (the media playlist served to a viewer names it with a fresh 10-minute token, so
 * Safari's native HLS needs no header). The token names the viewer; whether that viewer may watch
 * the episode is checked now. Anything else gets 403 and no bytes.
 */
import type { FastifyPluginAsync } from 'fastify';

export const animeKeyRoute: FastifyPluginAsync = async (app) => {
  app.get('/anime/key', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const chapterId = Number(query['chapter_id']);
    // Older clients append their own `&token=` to the key URI, which may already carry one.
    const given = query['token'];
    const tokens = (Array.isArray(given) ? given : [given]).filter((t): t is string => typeof t === 'string');
    reply.header('cache-control', 'no-store');
    if (!Number.isInteger(chapterId) || chapterId < 1 || tokens.length === 0) {
      return reply.code(403).type('text/plain').send('a valid key token is required');
    }
    const access = app.services.videoAccess;
    let viewer: number | null = null;
    for (const token of tokens.slice(0, 2)) viewer ??= await access.keyViewer(token, chapterId);
    if (viewer === null) {
      return reply.code(403).type('text/plain').send('this key token is not valid for this episode');
    }
    if (!(await app.services.anime.mayWatch(viewer, chapterId))) {
      return reply.code(403).type('text/plain').send('this episode is locked for this viewer');
    }
    const key = await access.storedKey(chapterId);
    if (!key) return reply.code(403).type('text/plain').send('this episode has no key');
    return reply.type('application/octet-stream').header('access-control-allow-origin', '*').send(key);
  });
};
