/** /v3/comic/index: the comics tab of home. */
import { comicHomeCall, WorkType } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const comicHomeRoute: FastifyPluginAsync = async (app) => {
  // Home data is built once per few seconds and shared by every launch (HomeService's cache).
  registerCall(app, comicHomeCall, async (input) => app.services.home.home(WorkType.COMIC, input), {
    sharedAnswer: true,
  });
};
