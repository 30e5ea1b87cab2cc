/** /v3/app/notice: announcements. */
import { appNoticeCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';
import { requestLocale } from '../../lib/request-locale.js';

export const appNoticeRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, appNoticeCall, async (_input, context) => ({
    list: await app.services.help.notices(requestLocale(context.request.headers['accept-language'])),
  }));
};
