/** /v3/comic/details: a comic's detail page record. */
import { comicDetailsCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const comicDetailsRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, comicDetailsCall, async (input, context) =>
    app.services.catalogue.detail(sessionOf(context).userId, input.id, WorkType.COMIC),
  );
};
