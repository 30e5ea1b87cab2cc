/**
 * Starts the buffered ad statistics counter with the app and flushes it when the app closes, as
 * rank/view-counter-lifecycle.ts does for work views (same reasons for preClose and onClose).
 */
import type { FastifyPluginAsync } from 'fastify';

/** Flush interval of the ad statistics counter. */
const AD_STATS_FLUSH_MS = 10_000;

export const adStatsLifecycle: FastifyPluginAsync = async (app) => {
  const stats = app.services.adsUpdates.adStats;
  stats.start(AD_STATS_FLUSH_MS);
  app.addHook('preClose', async () => stats.stop());
  app.addHook('onClose', async () => {
    if (stats.pendingEvents > 0) await stats.flush();
  });
};
