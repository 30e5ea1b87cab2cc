/**
 * Background work of analytics: the hourly purge of raw events past ANALYTICS_RETENTION_DAYS (in
 * slices, so ingestion never waits long) and the forwarder's timer, whose queue is sent once more
 * when the app closes. Neither runs in server unit tests (purgeIntervalS 0, no forwarder).
 */
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_ANALYTICS_CONFIG } from '../../analytics/analytics-config.js';
import { JOBS } from '../../jobs/job-queue.js';
import { runPeriodically } from '../../jobs/periodic.js';

export const analyticsLifecycle: FastifyPluginAsync = async (app) => {
  const { events, forwarder } = app.services.analytics;
  const intervalS = (app.config.analytics ?? DEFAULT_ANALYTICS_CONFIG).purgeIntervalS;
  const purge = () =>
    events
      .purge()
      .then((deleted) => {
        if (deleted > 0) app.log.info({ module: 'analytics', deleted }, 'purged old analytics events');
      })
      .catch((error: unknown) =>
        app.log.error({ err: error, module: 'analytics' }, 'analytics purge failed'),
      );
  app.addHook('onReady', async () => {
    forwarder?.start();
    // Once per interval across all instances (jobs/periodic.ts); the queue's stop waits for a running pass.
    if (intervalS > 0) await runPeriodically(app, JOBS.analyticsPurge, intervalS, purge);
  });
  app.addHook('preClose', async () => {
    await forwarder?.stop();
  });
};
