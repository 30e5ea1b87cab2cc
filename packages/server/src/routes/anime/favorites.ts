/** /v3/anime/favorites, favorite_add, favorite_del: the shelf service with type 2. */
import { animeFavoriteAddCall, animeFavoriteDelCall, animeFavoritesCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const animeFavoritesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, animeFavoritesCall, async (input, context) =>
    app.services.shelf.list(sessionOf(context).userId, WorkType.ANIME, input.page, input.limit),
  );
  registerCall(app, animeFavoriteAddCall, async (input, context) => {
    const userId = sessionOf(context).userId;
    const answer = await app.services.shelf.add(userId, input.id, WorkType.ANIME);
    await app.services.tasks.events.favoriteAdded(userId, input.id); // task progress
    return answer;
  });
  registerCall(app, animeFavoriteDelCall, async (input, context) =>
    app.services.shelf.remove(sessionOf(context).userId, WorkType.ANIME, input.ids),
  );
};
