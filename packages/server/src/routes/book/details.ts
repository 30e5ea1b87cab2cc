/** /v3/book/details: a novel's cover page record. */
import { bookDetailsCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const bookDetailsRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, bookDetailsCall, async (input, context) =>
    app.services.catalogue.detail(sessionOf(context).userId, input.id, WorkType.NOVEL),
  );
};
