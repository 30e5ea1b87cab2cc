/** /v3/app/help: frequently asked questions. */
import { appHelpCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';
import { requestLocale } from '../../lib/request-locale.js';

export const appHelpRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appHelpCall, async (_input, context) => ({
    list: await app.services.help.help(requestLocale(context.request.headers['accept-language'])),
  }));
};
