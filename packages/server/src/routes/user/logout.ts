/** /v3/user/logout: revokes the caller's session (the client then starts a fresh guest). */
import { userLogoutCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const userLogoutRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userLogoutCall, async (_input, { merged }) => {
    await app.services.accounts.logout(merged?.user_token ?? '');
    return {};
  });
};
