/** /v3/anime/play: what the player needs for one episode (streams, subtitles, resume, next). */
import { animePlayCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const animePlayRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, animePlayCall, async (input, context) =>
    app.services.anime.play(sessionOf(context).userId, input.chapter_id),
  );
};
