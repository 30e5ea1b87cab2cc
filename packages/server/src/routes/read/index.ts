/** /v3/read/index, /v3/read/add, /v3/read/del: reading history and comic progress. */
import { readAddCall, readDelCall, readIndexCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const readRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, readIndexCall, async (input, context) =>
    app.services.history.list(sessionOf(context).userId, input.type, input.page, input.limit),
  );
  registerCall(app, readAddCall, async (input, context) =>
    app.services.history.save(sessionOf(context).userId, WorkType.COMIC, {
      workId: input.id,
      chapterId: input.chapter_id,
      pageIndex: input.page_index,
      position: 0,
      percent: input.percent,
      readAt: input.read_at,
    }),
  );
  registerCall(app, readDelCall, async (input, context) =>
    app.services.history.remove(sessionOf(context).userId, input.ids, input.all === 1),
  );
};
