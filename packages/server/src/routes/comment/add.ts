/** /v3/comment/add and /v3/comment/upload: posting, with pictures uploaded first. */
import { COMMENT_IMAGE_MAX_BYTES, commentAddCall, commentUploadCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const commentAddRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, commentAddCall, async (input, context) => {
    const session = sessionOf(context);
    const comment = await app.services.comments.add(session, context.request.ip, input);
    // Task progress counts published comments only (one held for review is not accepted yet).
    if (comment.status === 1) await app.services.tasks.events.commentPublished(session.userId, comment.id);
    return { comment };
  });
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
