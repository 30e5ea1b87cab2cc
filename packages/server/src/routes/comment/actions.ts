/** Likes, deletion, reports and blocks (/v3/comment/zan, del, report, block, unblock, blacklist). */
import {
  commentBlacklistCall,
  commentBlockCall,
  commentDelCall,
  commentReportCall,
  commentUnblockCall,
  commentZanCall,
} from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentAuthor } from '../../presenters/comment.presenter.js';

export const commentActionsRoute: FastifyPluginAsync = async (app) => {
  const comments = () => app.services.comments;
  registerCall(app, commentZanCall, async (input, context) =>
    comments().toggleZan(
      sessionOf(context),
      input.id,
      input.is_zan === undefined ? undefined : input.is_zan === 1,
    ),
  );
  registerCall(app, commentDelCall, async (input, context) => {
    await comments().delete(sessionOf(context), input.id);
    return { deleted: 1 as const };
  });
  registerCall(app, commentReportCall, async (input, context) => {
    await comments().report(sessionOf(context), input.id, input.reason);
    return { reported: 1 as const };
  });
  registerCall(app, commentBlockCall, async (input, context) => ({
    blacklist: await comments().block(sessionOf(context), input.uid),
  }));
  registerCall(app, commentUnblockCall, async (input, context) => ({
    blacklist: await comments().unblock(sessionOf(context), input.uid),
  }));
  registerCall(app, commentBlacklistCall, async (_input, context) => {
    const { ids, authors } = await comments().blockedAuthors(sessionOf(context));
    return { blacklist: ids, users: ids.map((id) => ({ id, ...presentAuthor(authors.get(id)) })) };
  });
};
