/** /v3/feedback/add and /v3/feedback/list. */
import { feedbackAddCall, feedbackListCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, feedbackAddCall, async (input, context) => ({
    feedback: await app.services.feedback.add(sessionOf(context), input),
  }));
  registerCall(app, feedbackListCall, async (input, context) =>
    app.services.feedback.list(sessionOf(context), input.page, input.limit),
  );
};
