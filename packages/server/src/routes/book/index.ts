/** /v3/book/index: the novels tab of home (same shape as /v3/comic/index). */
import { bookHomeCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const bookHomeRoute: FastifyPluginAsync = async (app) => {
  // Home data is built once per few seconds and shared by every launch (HomeService's cache).
  registerCall(app, bookHomeCall, async (input) => app.services.home.home(WorkType.NOVEL, input), {
    sharedAnswer: true,
  });
};
