/** /v3/book/read: a novel chapter's content (VIP chapters refused without VIP). */
import { bookReadCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const bookReadRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, bookReadCall, async (input, context) => {
    const userId = sessionOf(context).userId;
    const answer = await app.services.reader.novelChapter(userId, input.chapter_id);
    await app.services.tasks.events.chapterOpened(userId, input.chapter_id); // task progress
    return answer;
  });
};
