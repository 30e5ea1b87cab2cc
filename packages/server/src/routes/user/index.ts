import { userIndexCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentUserIndex } from '../../presenters/user.presenter.js';

/** /v3/user/index: the session owner's record; the envelope has already required a valid session. */
export const userIndexRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userIndexCall, async (_input, context) => {
    const { userId } = sessionOf(context);
    const user = await app.services.users.getOwnProfile(userId);
    return presentUserIndex(user, await app.services.ai.charges.freeLeft(userId));
  });
};
