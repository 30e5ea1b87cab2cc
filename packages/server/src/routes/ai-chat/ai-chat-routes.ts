/**
 * The /v3 calls of character chat and the reading helpers, and the reply stream.
 *
 * GET /v3/ai/stream/:token is Server-Sent Events, not an envelope call: an EventSource or fetch
 * reads it as it arrives, which a sealed single answer cannot do. The one-time token (issued by
 * chat_send, which is sealed and authenticated, alive 60 s) is its authentication. Events are plain
 * JSON (`aiStreamEventSchema`): the reply is the same text chat_history later answers sealed, and
 * sealing each few-character chunk would only add cost.
 */
import {
  aiCharactersCall,
  aiChatClearCall,
  aiChatHistoryCall,
  aiChatSendCall,
  aiConversationsCall,
  aiRecapCall,
  aiSummaryCall,
  aiWhoCall,
  aiWhoNamesCall,
  type AiStreamEvent,
} from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { isAppError } from '../../errors.js';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

const aiChatCallsRoute: FastifyPluginAsync = async (app) => {
  const { chat, helpers } = app.services.ai.chat;
  registerCall(app, aiCharactersCall, async (input, context) =>
    chat.characters(sessionOf(context).userId, input.work_id),
  );
  registerCall(app, aiChatSendCall, async (input, context) => chat.send(sessionOf(context).userId, input));
  registerCall(app, aiChatHistoryCall, async (input, context) =>
    chat.history(sessionOf(context).userId, input),
  );
  registerCall(app, aiChatClearCall, async (input, context) =>
    chat.clear(sessionOf(context).userId, input.work_id, input.character),
  );
  registerCall(app, aiConversationsCall, async (input, context) =>
    chat.conversations(sessionOf(context).userId, input.page, input.limit),
  );
  registerCall(app, aiRecapCall, async (input) => helpers.recap(input.chapter_id));
  registerCall(app, aiSummaryCall, async (input) => helpers.summary(input.chapter_id));
  registerCall(app, aiWhoNamesCall, async (input) => helpers.whoNames(input.chapter_id));
  registerCall(app, aiWhoCall, async (input) => helpers.who(input.chapter_id, input.name));
};

const aiStreamRoute: FastifyPluginAsync = async (app) => {
  const { chat } = app.services.ai.chat;
  app.get<{ Params: { token: string } }>('/ai/stream/:token', async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      // Proxies (nginx) must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    const send = (event: AiStreamEvent) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
    try {
      await chat.stream(request.params.token, send);
    } catch (error) {
      if (isAppError(error)) send({ type: 'error', code: error.code, msg: error.message });
      else {
        request.log.error({ err: error }, 'reply stream failed');
        send({ type: 'error', code: 500, msg: 'Internal error' });
      }
    }
    raw.end();
  });
};

export const AI_CHAT_ROUTES: FastifyPluginAsync[] = [aiChatCallsRoute, aiStreamRoute];
