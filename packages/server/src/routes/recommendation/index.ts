/**
 * /v3/reco/*: "for you" on home, "readers of this also read" on a detail, and "not interested"
 * (hide, unhide, the hidden list in Settings).
 */
import { recoAlsoReadCall, recoForYouCall, recoHiddenCall, recoHideCall, recoUnhideCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const recommendationRoutes: FastifyPluginAsync = async (app) => {
  const { reads } = app.services.recommendations;
  registerCall(app, recoForYouCall, async (input, context) =>
    reads.forYou(sessionOf(context).userId, input.type, input.page, input.limit),
  );
  registerCall(app, recoAlsoReadCall, async (input, context) =>
    reads.alsoRead(sessionOf(context).userId, input.id, input.limit),
  );
  registerCall(app, recoHideCall, async (input, context) => reads.hide(sessionOf(context).userId, input.id));
  registerCall(app, recoUnhideCall, async (input, context) =>
    reads.unhide(sessionOf(context).userId, input.id),
  );
  registerCall(app, recoHiddenCall, async (input, context) =>
    reads.hiddenList(sessionOf(context).userId, input.page, input.limit),
  );
};
