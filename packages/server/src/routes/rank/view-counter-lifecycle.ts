/**
 * Starts the buffered view counter with the app and flushes it when the app closes, so no counted
 * view is lost on a clean stop. The flush runs in preClose: server.ts closes the database in an
 * onClose hook that may run before this plugin's. Views counted by requests still in flight after
 * that are flushed in onClose when the database is still open (tests), else logged as lost.
 */
import type { FastifyPluginAsync } from 'fastify';

/** Flush interval of the view counter. */
const VIEW_FLUSH_MS = 10_000;

export const viewCounterLifecycle: FastifyPluginAsync = async (app) => {
  app.services.views.start(VIEW_FLUSH_MS);
  app.addHook('preClose', async () => app.services.views.stop());
  app.addHook('onClose', async () => {
    if (app.services.views.pendingViews > 0) await app.services.views.flush();
  });
};
