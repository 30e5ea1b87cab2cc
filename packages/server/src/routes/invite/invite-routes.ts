/** The invite programme's /v3 calls. */
import { inviteBindCall, inviteIndexCall, inviteUserCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

const inviteRoute: FastifyPluginAsync = async (app) => {
  const { invites } = app.services.invites;
  registerCall(app, inviteIndexCall, async (_input, context) => invites.overview(sessionOf(context).userId));
  registerCall(app, inviteUserCall, async (input, context) =>
    invites.friends(sessionOf(context).userId, input.page, input.limit),
  );
  registerCall(app, inviteBindCall, async (input, context) => {
    const session = sessionOf(context);
    return invites.bind(session.userId, input.code, { deviceid: session.deviceid, ip: context.request.ip });
  });
};

export const INVITE_ROUTES: FastifyPluginAsync[] = [inviteRoute];
