/** /pages/user/assist: friends help (share a link; new accounts that open it give the sharer VIP hours). */
import { assistHelpCall, assistIndexCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const assistRoute: FastifyPluginAsync = async (app) => {
  const assist = app.services.money.assist;
  registerCall(app, assistIndexCall, async (_input, context) => assist.overview(sessionOf(context).userId));
  registerCall(app, assistHelpCall, async (input, context) => {
    const session = sessionOf(context);
    return assist.help(session.userId, session.deviceid, input.code);
  });
};
