/** /v3/ad/sort_ads and /v3/ad/updateHits. */
import { adSortAdsCall, adUpdateHitsCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const adRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, adSortAdsCall, async () => app.services.home.sortAds());
  registerCall(app, adUpdateHitsCall, async (input) => app.services.home.adHit(input.id));
};
