/** /v3/app/online: sessions active in the last 5 minutes. */
import { appOnlineCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const appOnlineRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appOnlineCall, async () => ({ online: await app.services.help.online() }));
};
