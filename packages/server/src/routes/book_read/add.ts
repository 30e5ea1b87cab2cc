/** /v3/book_read/add: novel progress (chapter and character offset). */
import { bookReadAddCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const bookReadAddRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, bookReadAddCall, async (input, context) =>
    app.services.history.save(sessionOf(context).userId, WorkType.NOVEL, {
      workId: input.id,
      chapterId: input.chapter_id,
      pageIndex: 0,
      position: input.position,
      percent: input.percent,
      readAt: input.read_at,
    }),
  );
};
