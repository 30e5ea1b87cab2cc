/** /v3/app/theme: the operator's theme colours (only what differs from the built-in themes). */
import { appThemeCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const appThemeRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appThemeCall, async () => app.services.adsUpdates.theme.current());
};
