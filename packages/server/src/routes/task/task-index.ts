/** /v3/task/index and /v3/task/log: the task centre and its log. */
import { taskIndexCall, taskLogCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const taskIndexRoute: FastifyPluginAsync = async (app) => {
  const { tasks, checkin } = app.services.tasks;
  registerCall(app, taskIndexCall, async (_input, context) => {
    const session = sessionOf(context);
    const [state, list] = await Promise.all([
      checkin.state(session.userId, session.isGuest),
      tasks.tasks(session.userId, session.isGuest),
    ]);
    return { is_guest: session.isGuest ? 1 : 0, checkin: state, ...list };
  });
  registerCall(app, taskLogCall, async (input, context) =>
    tasks.log(sessionOf(context).userId, input.page, input.limit),
  );
};
