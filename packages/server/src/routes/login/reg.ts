/** /v3/login/reg: registration; the caller's guest (guest_token + guest_uid) becomes the account. */
import { loginRegCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const loginRegRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, loginRegCall, async (input) =>
    app.services.auth.register(
      {
        account: input.account,
        code: input.code,
        password: input.password,
        guestToken: input.guest_token,
        guestUid: input.guest_uid,
      },
      { deviceid: input.deviceid, facility: input.facility },
    ),
  );
};
