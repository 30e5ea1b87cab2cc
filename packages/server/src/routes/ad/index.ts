/** /v3/ad/sort_ads, /v3/ad/updateHits and /v3/ad/impressions. */
import { adImpressionsCall, adSortAdsCall, adUpdateHitsCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const adRoutes: FastifyPluginAsync = async (app) => {
  const stats = app.services.adsUpdates.adStats;
  registerCall(app, adSortAdsCall, async () => app.services.home.sortAds());
  registerCall(app, adUpdateHitsCall, async (input) => stats.click(input.id));
  registerCall(app, adImpressionsCall, async (input) => stats.impressions(input.ids));
};
