/** /v3/comic/read: a comic chapter's pages (VIP chapters refused without VIP). */
import { comicReadCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const comicReadRoute: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    comicReadCall,
    async (input, context) => {
      const userId = sessionOf(context).userId;
      // Access is checked per reader; an answer without a charge is shared by every reader of the
      // chapter at this catalogue version (ReaderService), hence sealed once.
      const answer = await app.services.reader.comicChapter(userId, input.chapter_id);
      await app.services.tasks.events.chapterOpened(userId, input.chapter_id); // task progress
      return answer;
    },
    { sharedAnswer: true },
  );
};
