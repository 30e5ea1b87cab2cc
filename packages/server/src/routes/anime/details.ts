/** /v3/anime/details: an anime's detail record with every episode's packaging status. */
import { animeDetailsCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const animeDetailsRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, animeDetailsCall, async (input, context) =>
    app.services.anime.details(sessionOf(context).userId, input.id),
  );
};
