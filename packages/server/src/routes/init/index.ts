/** /v3/init/kefu and /v3/init/txt: customer service and the about/agreement texts. */
import { initKefuCall, initTxtCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const initRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, initKefuCall, async () => app.services.help.kefu());
  registerCall(app, initTxtCall, async (input) => app.services.help.text(input.name));
};
