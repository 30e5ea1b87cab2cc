/** /v3/user/password: change the password; every session ends, the caller gets a new token. */
import { userPasswordCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const userPasswordRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userPasswordCall, async (input, context) =>
    app.services.accounts.changePassword(
      sessionOf(context),
      { oldPassword: input.old_password, password: input.password },
      context.merged?.facility ?? '',
    ),
  );
};
