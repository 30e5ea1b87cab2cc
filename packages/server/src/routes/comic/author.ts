/** /v3/comic/author: an author and their works (every type unless narrowed). */
import { authorWorksCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const comicAuthorRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, authorWorksCall, async (input) =>
    app.services.catalogue.author(input.id, input.type, input.page, input.limit),
  );
};
