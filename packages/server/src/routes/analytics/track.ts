/** /v3/analytics/track: batches of first-party analytics events (a call or a sendBeacon). */
import { analyticsTrackCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const analyticsTrackRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, analyticsTrackCall, async (input, context) => ({
    stored: await app.services.analytics.events.store(sessionOf(context).userId, input.channel, input.events),
  }));
};
