/** /v3/comic/chapters: a comic's chapter list. */
import { comicChaptersCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const comicChaptersRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, comicChaptersCall, async (input, context) =>
    app.services.catalogue.chapters(
      sessionOf(context).userId,
      input.id,
      WorkType.COMIC,
      input.order,
      input.page,
      input.limit,
    ),
  );
};
