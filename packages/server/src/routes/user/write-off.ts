/** /v3/user/write_off: account deletion, confirmed with the password or a "writeoff" code. */
import { userWriteOffCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const userWriteOffRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, userWriteOffCall, async (input, context) => {
    await app.services.accounts.writeOff(sessionOf(context), { password: input.password, code: input.code });
    return {};
  });
};
