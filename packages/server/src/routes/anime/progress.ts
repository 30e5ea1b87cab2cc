/** /v3/anime/progress: saves the watch position (the work's history place). */
import { animeProgressCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const animeProgressRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, animeProgressCall, async (input, context) =>
    app.services.anime.progress(
      sessionOf(context).userId,
      input.chapter_id,
      input.position_s,
      input.duration_s,
      input.read_at,
    ),
  );
};
