/** /v3/login/find_pass: password recovery with a "find" code. */
import { loginFindPassCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const loginFindPassRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, loginFindPassCall, async (input, { merged }) =>
    app.services.auth.resetPassword(
      { account: input.account, code: input.code, password: input.password },
      { deviceid: merged?.deviceid ?? '', facility: merged?.facility ?? '' },
    ),
  );
};
