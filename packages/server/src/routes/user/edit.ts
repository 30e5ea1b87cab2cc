/** /v3/user/edit: the nickname. */
import { userEditCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentUserInfo } from '../../presenters/user.presenter.js';

export const userEditRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userEditCall, async (input, context) => {
    const user = await app.services.accounts.editNickname(sessionOf(context).userId, input.nickname);
    return { user: presentUserInfo(user) };
  });
};
