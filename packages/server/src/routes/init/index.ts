/** /v3/init/kefu and /v3/init/txt: customer service and the about/agreement texts. */
import { initKefuCall, initTxtCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, type CallContext } from '../../plugins/envelope.js';
import { requestLocale } from '../../lib/request-locale.js';

export const initRoutes: FastifyPluginAsync = async (app) => {
  const localeOf = (context: CallContext) => requestLocale(context.request.headers['accept-language']);
  registerCall(app, initKefuCall, async (_input, context) => app.services.help.kefu(localeOf(context)));
  registerCall(app, initTxtCall, async (input, context) =>
    app.services.help.text(input.name, localeOf(context)),
  );
};
