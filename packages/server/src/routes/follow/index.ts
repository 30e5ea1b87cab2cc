/** /v3/follow/index, add, del. */
import { followAddCall, followDelCall, followIndexCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const followRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, followIndexCall, async (input, context) =>
    app.services.follows.list(sessionOf(context), input.page, input.limit),
  );
  registerCall(app, followAddCall, async (input, context) => {
    await app.services.follows.add(sessionOf(context), input.id);
    return { is_follow: 1 as const };
  });
  registerCall(app, followDelCall, async (input, context) => ({
    deleted: await app.services.follows.remove(sessionOf(context), input.ids),
  }));
};
