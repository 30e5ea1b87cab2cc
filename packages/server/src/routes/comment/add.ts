/** /v3/comment/add and /v3/comment/upload: posting, with pictures uploaded first. */
import { COMMENT_IMAGE_MAX_BYTES, commentAddCall, commentUploadCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const commentAddRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, commentAddCall, async (input, context) => ({
    comment: await app.services.comments.add(sessionOf(context), context.request.ip, input),
  }));
  registerCall(
    app,
    commentUploadCall,
    async (_input, context) => {
      sessionOf(context);
      return { url: await app.services.comments.uploadImage(context.upload?.buffer ?? null) };
    },
    { upload: { maxBytes: COMMENT_IMAGE_MAX_BYTES } },
  );
};
