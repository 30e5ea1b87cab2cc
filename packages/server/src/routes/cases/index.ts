/** /v3/cases/index, /v3/cases/add/comic, /v3/cases/del: the comic favourites. */
import { casesAddComicCall, casesDelCall, casesIndexCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const casesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, casesIndexCall, async (input, context) =>
    app.services.shelf.list(sessionOf(context).userId, WorkType.COMIC, input.page, input.limit),
  );
  registerCall(app, casesAddComicCall, async (input, context) =>
    app.services.shelf.add(sessionOf(context).userId, input.id, WorkType.COMIC),
  );
  registerCall(app, casesDelCall, async (input, context) =>
    app.services.shelf.remove(sessionOf(context).userId, WorkType.COMIC, input.ids),
  );
};
