/** /v3/anime/play: what the player needs for one episode (streams, subtitles, resume, next). */
import { animePlayCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const animePlayRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, animePlayCall, async (input, context) => {
    const userId = sessionOf(context).userId;
    const answer = await app.services.anime.play(userId, input.chapter_id);
    await app.services.tasks.events.chapterOpened(userId, input.chapter_id); // task progress
    return answer;
  });
};
