/** /v3/comment/list and /v3/comment/children: reading comments and replies. */
import { commentChildrenCall, commentListCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const commentListRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, commentListCall, async (input, context) =>
    app.services.comments.list(sessionOf(context), input.work_id, input.sort, input.page, input.limit),
  );
  registerCall(app, commentChildrenCall, async (input, context) =>
    app.services.comments.children(sessionOf(context), input.id, input.page, input.limit),
  );
};
