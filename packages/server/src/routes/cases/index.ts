/** /v3/cases/index, /v3/cases/add/comic, /v3/cases/del: the comic favourites. */
import { casesAddComicCall, casesDelCall, casesIndexCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const casesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, casesIndexCall, async (input, context) =>
    app.services.shelf.list(sessionOf(context).userId, WorkType.COMIC, input.page, input.limit),
  );
  registerCall(app, casesAddComicCall, async (input, context) => {
    const userId = sessionOf(context).userId;
    const answer = await app.services.shelf.add(userId, input.id, WorkType.COMIC);
    await app.services.tasks.events.favoriteAdded(userId, input.id); // task progress
    return answer;
  });
  registerCall(app, casesDelCall, async (input, context) =>
    app.services.shelf.remove(sessionOf(context).userId, WorkType.COMIC, input.ids),
  );
};
