/** /v3/book/chapters: a novel's chapter list. */
import { bookChaptersCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const bookChaptersRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, bookChaptersCall, async (input, context) =>
    app.services.catalogue.chapters(
      sessionOf(context).userId,
      input.id,
      WorkType.NOVEL,
      input.order,
      input.page,
      input.limit,
    ),
  );
};
