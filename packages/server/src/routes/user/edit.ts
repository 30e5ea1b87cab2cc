/** /v3/user/edit: the nickname. */
import { userEditCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentUserInfo } from '../../presenters/user.presenter.js';

export const userEditRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userEditCall, async (input, context) => {
    const { userId } = sessionOf(context);
    const user = await app.services.accounts.editNickname(userId, input.nickname);
    return { user: presentUserInfo(user, await app.services.ai.charges.freeLeft(userId)) };
  });
};
