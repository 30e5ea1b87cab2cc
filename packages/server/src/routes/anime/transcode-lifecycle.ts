/**
 * Starts the HLS packaging queue once the app is ready (server.ts migrates before listening, so the
 * tables exist by then): interrupted jobs go back to waiting and, unless TRANSCODE=off, episodes
 * without output are queued and polled for. Running ffmpeg processes are stopped on close.
 */
import type { FastifyPluginAsync } from 'fastify';

export const transcodeLifecycle: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', async () => {
    await app.services.transcode
      .start()
      .catch((error: unknown) =>
        app.log.error({ err: error, module: 'transcode' }, 'transcode queue not started'),
      );
  });
  app.addHook('preClose', async () => app.services.transcode.close());
};
