/** /v3/message/get_nums, read, pos, read_all. */
import { messageGetNumsCall, messagePosCall, messageReadAllCall, messageReadCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const messageRoutes: FastifyPluginAsync = async (app) => {
  const messages = () => app.services.messages;
  registerCall(app, messageGetNumsCall, async (_input, context) => messages().nums(sessionOf(context)));
  registerCall(app, messageReadCall, async (input, context) =>
    messages().list(sessionOf(context), input.type, input.page, input.limit),
  );
  registerCall(app, messagePosCall, async (input, context) => messages().open(sessionOf(context), input.id));
  registerCall(app, messageReadAllCall, async (input, context) =>
    messages().readAll(sessionOf(context), input.type),
  );
};
