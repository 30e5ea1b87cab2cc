/** /v3/rank/index: ranking by views, favourites or score over a period. */
import { rankIndexCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const rankIndexRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, rankIndexCall, async (input) =>
    app.services.ranking.rank(input.type, input.by, input.period, input.page, input.limit),
  );
};
