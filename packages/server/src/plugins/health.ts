import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseReachable } from '../db/database.js';
import { NEVER_SHED } from './load-shedding.js';

/** Liveness and readiness in one: 200 once the app is up and its database answers. */
export const healthPlugin: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: NEVER_SHED }, async (_request, reply) => {
    if (await isDatabaseReachable(app.db)) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable', reason: 'database unreachable' });
  });
};
