/**
 * Schedules the co-occurrence job (services/recommendation-builder.service.ts): once at start and
 * then every RECOMMENDATIONS_INTERVAL_S, on one instance of a cluster (jobs/periodic.ts). Unit tests
 * have no recommendation config, so it is never scheduled there; they run the builder directly.
 */
import type { FastifyPluginAsync } from 'fastify';
import { JOBS } from '../../jobs/job-queue.js';
import { runPeriodically } from '../../jobs/periodic.js';

export const recommendationLifecycle: FastifyPluginAsync = async (app) => {
  const intervalS = app.config.recommendations?.intervalS ?? 0;
  if (intervalS <= 0) return;
  const build = () =>
    app.services.recommendations.builder
      .run()
      .catch((error: unknown) =>
        app.log.error({ err: error, module: 'recommendations' }, 'building recommendations failed'),
      );
  app.addHook('onReady', async () => runPeriodically(app, JOBS.recommendations, intervalS, build));
};
