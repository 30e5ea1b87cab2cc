/** /v3/opds/tokens, token_create and token_revoke: the settings page's "E-reader apps" section. */
import { opdsTokenCreateCall, opdsTokenRevokeCall, opdsTokensCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../plugins/envelope.js';

/** The catalogue path an app is pointed at (on the API host). */
export const OPDS_PATH = '/opds';
/** KOReader's progress sync server (kosync/), on the API host too. */
export const KOSYNC_PATH = '/kosync';

export const appTokenRoutes: FastifyPluginAsync = async (app) => {
  const { tokens } = app.services.opds;
  const access = (userId: number) => ({
    opds_path: OPDS_PATH,
    kosync_path: KOSYNC_PATH,
    username: String(userId),
  });

  registerCall(app, opdsTokensCall, async (_input, context) => {
    const { userId } = sessionOf(context);
    return { ...access(userId), list: await tokens.list(userId) };
  });
  registerCall(app, opdsTokenCreateCall, async (input, context) => {
    const { userId } = sessionOf(context);
    return { ...access(userId), ...(await tokens.create(userId, input.name)) };
  });
  registerCall(app, opdsTokenRevokeCall, async (input, context) => {
    await tokens.revoke(sessionOf(context).userId, input.id);
    return {};
  });
};
