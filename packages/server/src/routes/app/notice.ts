/** /v3/app/notice: announcements. */
import { appNoticeCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const appNoticeRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appNoticeCall, async () => ({ list: await app.services.help.notices() }));
};
