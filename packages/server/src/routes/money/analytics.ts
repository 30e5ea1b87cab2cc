/** /v3/analytics/track: batches of first-party analytics events from the web app. */
import { analyticsTrackCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const analyticsRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, analyticsTrackCall, async (input, context) => ({
    stored: await app.services.money.analytics.store(sessionOf(context).userId, input.channel, input.events),
  }));
};
