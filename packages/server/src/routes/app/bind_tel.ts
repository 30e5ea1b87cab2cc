/** /v3/app/bind_tel: bind or change the phone number; a guest becomes a registered user in place. */
import { appBindTelCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const appBindTelRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appBindTelCall, async (input, context) =>
    app.services.accounts.bind(
      'tel',
      input.tel,
      { code: input.code, password: input.password },
      sessionOf(context),
      { token: context.merged?.user_token ?? '', facility: context.merged?.facility ?? '' },
    ),
  );
};
