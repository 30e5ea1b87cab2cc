/** /v3/login/reg: registration; the caller's guest (guest_token + guest_uid) becomes the account. */
import { loginRegCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const loginRegRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, loginRegCall, async (input, context) => {
    const device = { deviceid: input.deviceid, facility: input.facility };
    const result = await app.services.auth.register(
      {
        account: input.account,
        code: input.code,
        password: input.password,
        guestToken: input.guest_token,
        guestUid: input.guest_uid,
      },
      device,
    );
    // Invite programme: a friend's code from the share link is entered for the new
    // account; a refusal is answered in `invite` and does not undo the registration.
    const invite = input.invite_code
      ? await app.services.invites.invites.bindAtRegistration(result.uid, input.invite_code, {
          deviceid: input.deviceid,
          ip: context.request.ip,
        })
      : null;
    return { ...result, invite };
  });
};
