/** /v3/task/read_time, /v3/task/share, /v3/task/notify_on: what the client reports for progress. */
import { taskNotifyCall, taskReadTimeCall, taskShareCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const taskReportsRoute: FastifyPluginAsync = async (app) => {
  const { events } = app.services.tasks;
  registerCall(app, taskReadTimeCall, async (input, context) =>
    events.readTime(
      sessionOf(context).userId,
      input.kind === 'anime' ? 'watch' : 'read',
      input.chapter_id,
      input.seconds,
    ),
  );
  registerCall(app, taskShareCall, async (input, context) => ({
    counted: (await events.shared(sessionOf(context).userId, input.type, input.work_id)) ? 1 : 0,
  }));
  registerCall(app, taskNotifyCall, async (_input, context) => {
    await events.notificationsOn(sessionOf(context).userId);
    return {};
  });
};
