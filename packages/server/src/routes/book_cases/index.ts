/** /v3/book_cases/index, add, del: the novel favourites. */
import { bookCasesAddCall, bookCasesDelCall, bookCasesIndexCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const bookCasesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, bookCasesIndexCall, async (input, context) =>
    app.services.shelf.list(sessionOf(context).userId, WorkType.NOVEL, input.page, input.limit),
  );
  registerCall(app, bookCasesAddCall, async (input, context) => {
    const userId = sessionOf(context).userId;
    const answer = await app.services.shelf.add(userId, input.id, WorkType.NOVEL);
    await app.services.tasks.events.favoriteAdded(userId, input.id); // task progress
    return answer;
  });
  registerCall(app, bookCasesDelCall, async (input, context) =>
    app.services.shelf.remove(sessionOf(context).userId, WorkType.NOVEL, input.ids),
  );
};
