/** /v3/login/index: password login (no merged session fields; the device comes in the payload). */
import { loginIndexCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const loginIndexRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, loginIndexCall, async (input, { request }) =>
    app.services.auth.login(
      { account: input.account, password: input.password },
      { deviceid: input.deviceid, facility: input.facility, ip: request.ip },
    ),
  );
};
