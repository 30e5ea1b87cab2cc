/** /v3/user/card: the identity card (made on first request or on `regenerate`). */
import { userCardCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const userCardRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userCardCall, async (input, context) =>
    app.services.accounts.card(sessionOf(context).userId, input.regenerate),
  );
};
