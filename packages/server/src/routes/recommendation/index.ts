/** /v3/reco/for_you and /v3/reco/also_read: "for you" on home, "readers of this also read" on a detail. */
import { recoAlsoReadCall, recoForYouCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const recommendationRoutes: FastifyPluginAsync = async (app) => {
  const { reads } = app.services.recommendations;
  registerCall(app, recoForYouCall, async (input, context) =>
    reads.forYou(sessionOf(context).userId, input.type, input.page, input.limit),
  );
  registerCall(app, recoAlsoReadCall, async (input) => reads.alsoRead(input.id, input.limit));
};
