import { appInitCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';
import { presentAppInit } from '../../presenters/app.presenter.js';

/** /v3/app/init: the device's guest (created on first sight) and a new session token for it. */
export const appInitRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appInitCall, async (input, { merged }) => {
    const init = await app.services.guests.init({
      deviceid: input.deviceid,
      facility: merged?.facility ?? '',
    });
    return presentAppInit(init);
  });
};
