/**
 * Background work of analytics: the hourly purge of raw events past ANALYTICS_RETENTION_DAYS (in
 * slices, so ingestion never waits long) and the forwarder's timer, whose queue is sent once more
 * when the app closes. Neither runs in server unit tests (purgeIntervalS 0, no forwarder).
 */
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_ANALYTICS_CONFIG } from '../../analytics/analytics-config.js';

export const analyticsLifecycle: FastifyPluginAsync = async (app) => {
  const { events, forwarder } = app.services.analytics;
  const intervalS = (app.config.analytics ?? DEFAULT_ANALYTICS_CONFIG).purgeIntervalS;
  let running: Promise<unknown> | null = null;
  const purge = () => {
    if (running) return;
    running = events
      .purge()
      .then((deleted) => {
        if (deleted > 0) app.log.info({ module: 'analytics', deleted }, 'purged old analytics events');
      })
      .catch((error: unknown) => app.log.error({ err: error, module: 'analytics' }, 'analytics purge failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    forwarder?.start();
    if (intervalS <= 0) return;
    purge();
    timer = setInterval(purge, intervalS * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    await forwarder?.stop();
  });
};
