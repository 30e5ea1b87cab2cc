/** /v3/user/bind_email: bind or change the e-mail address; as /v3/app/bind_tel. */
import { userBindEmailCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const userBindEmailRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userBindEmailCall, async (input, context) =>
    app.services.accounts.bind(
      'email',
      input.email,
      { code: input.code, password: input.password },
      sessionOf(context),
      { token: context.merged?.user_token ?? '', facility: context.merged?.facility ?? '' },
    ),
  );
};
