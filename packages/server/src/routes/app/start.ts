import { appStartCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

/** /v3/app/start: the operator-editable start-up settings (already in their wire shape). */
export const appStartRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appStartCall, async () => app.services.settings.getStartSettings());
};
