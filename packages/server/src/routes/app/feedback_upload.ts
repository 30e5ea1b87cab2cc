/** /v3/app/feedback_upload: one screenshot per call (multipart, image in `file`). */
import { FEEDBACK_IMAGE_MAX_BYTES, appFeedbackUploadCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const appFeedbackUploadRoute: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    appFeedbackUploadCall,
    async (_input, context) => {
      sessionOf(context);
      return { url: await app.services.feedback.uploadImage(context.upload?.buffer ?? null) };
    },
    { upload: { maxBytes: FEEDBACK_IMAGE_MAX_BYTES } },
  );
};
