/** /v3/app/help: frequently asked questions. */
import { appHelpCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const appHelpRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appHelpCall, async () => ({ list: await app.services.help.help() }));
};
