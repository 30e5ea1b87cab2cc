/** /v3/app/update: the update config (spec §3) for the update dialog. */
import { appUpdateCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const appUpdateRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appUpdateCall, async () => app.services.adsUpdates.updateConfig.current());
};
