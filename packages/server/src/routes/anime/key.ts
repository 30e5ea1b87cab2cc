/**
 * GET /v3/anime/key?chapter_id=N&token=T: the raw 16-byte AES-128 key of a VIP episode's segments,
 * for HLS players. Not an envelope call: players fetch it as a plain binary resource. The token
 * (from /v3/anime/play, 10 minutes) is the authorisation; anything else gets 403 and no bytes.
 */
import type { FastifyPluginAsync } from 'fastify';

export const animeKeyRoute: FastifyPluginAsync = async (app) => {
  app.get('/anime/key', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const chapterId = Number(query['chapter_id']);
    const token = typeof query['token'] === 'string' ? query['token'] : '';
    reply.header('cache-control', 'no-store');
    if (!Number.isInteger(chapterId) || chapterId < 1 || !token) {
      return reply.code(403).type('text/plain').send('a valid key token is required');
    }
    const key = await app.services.videoAccess.key(chapterId, token);
    if (!key) return reply.code(403).type('text/plain').send('this key token is not valid for this episode');
    return reply.type('application/octet-stream').send(key);
  });
};
