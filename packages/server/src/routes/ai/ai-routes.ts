/** The /v3 calls of AI cos (images), the AI tab, credits and the AI log. */
import {
  AI_PHOTO_MAX_BYTES,
  aiBuyCall,
  aiCosCreateCall,
  aiGalleryCall,
  aiGalleryDelCall,
  aiIndexCall,
  aiJobCall,
  aiLogCall,
} from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

/** Jobs left running by a previous process are failed and refunded at start; the queue runs until close. */
const aiJobLifecycle: FastifyPluginAsync = async (app) => {
  const { runner } = app.services.ai.images;
  if (!runner) return;
  app.addHook('onReady', async () => runner.recover());
  app.addHook('preClose', async () => runner.stop());
};

const aiCalls: FastifyPluginAsync = async (app) => {
  const { images } = app.services.ai.images;
  registerCall(app, aiIndexCall, async (_input, context) => ({
    ...(await images.index(sessionOf(context).userId)),
    // The AI tab offers character chat only when a model can write the replies.
    chat_available: Number(app.services.ai.chat.chat.available),
  }));
  registerCall(
    app,
    aiCosCreateCall,
    async (input, context) =>
      images.create(sessionOf(context).userId, {
        style: input.style,
        workId: input.work_id,
        seed: input.seed,
        idempotencyKey: input.idempotency_key,
        upload: context.upload?.buffer ?? null,
      }),
    { upload: { maxBytes: AI_PHOTO_MAX_BYTES } },
  );
  registerCall(app, aiJobCall, async (input, context) => images.job(sessionOf(context).userId, input.id));
  registerCall(app, aiGalleryCall, async (input, context) =>
    images.gallery(sessionOf(context).userId, input.page, input.limit),
  );
  registerCall(app, aiGalleryDelCall, async (input, context) =>
    images.galleryDelete(sessionOf(context).userId, input.id),
  );
  registerCall(app, aiBuyCall, async (input, context) =>
    images.buy(sessionOf(context).userId, input.pack, input.idempotency_key),
  );
  registerCall(app, aiLogCall, async (input, context) =>
    images.logPage(sessionOf(context).userId, input.page, input.limit),
  );
};

export const AI_ROUTES: FastifyPluginAsync[] = [aiJobLifecycle, aiCalls];
