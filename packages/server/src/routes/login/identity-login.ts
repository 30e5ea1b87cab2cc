/** /v3/login/identity_login: log in from an identity card image (multipart) or its decoded text. */
import { IDENTITY_CARD_MAX_BYTES, loginIdentityLoginCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const loginIdentityLoginRoute: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    loginIdentityLoginCall,
    async (input, { request, upload }) =>
      app.services.auth.identityLogin(
        { credential: input.credential, image: upload?.buffer ?? null },
        { deviceid: input.deviceid, facility: input.facility, ip: request.ip },
      ),
    { upload: { maxBytes: IDENTITY_CARD_MAX_BYTES } },
  );
};
