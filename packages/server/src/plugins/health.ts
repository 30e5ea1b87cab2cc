/**
 * Liveness and readiness, for balancers and orchestrators.
 * - `/healthz`: the process answers (nothing else is asked, so a slow database never gets a live
 *   instance restarted); never shed.
 * - `/readyz`: every readiness check passes (database, media store, Redis once wired; see
 *   observability/readiness.ts), 200 `{status: 'ready', checks}`; otherwise 503 with the failing
 *   checks named, and 503 at once while the process shuts down. Never shed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { NEVER_SHED } from './load-shedding.js';

export const healthPlugin: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: NEVER_SHED }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: NEVER_SHED }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = await app.readiness.report();
    if (report.ready) return { status: 'ready', checks: report.checks };
    const failed = Object.entries(report.checks)
      .filter(([, result]) => result.status !== 'ok')
      .map(([name]) => name);
    return reply
      .status(503)
      .send({ status: report.draining ? 'shutting down' : 'unavailable', failed, checks: report.checks });
  });
};
