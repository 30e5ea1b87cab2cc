/**
 * Ad statistics: impressions and clicks counted in buffered daily roll-ups for the
 * console. The ads themselves are served by /v3/ad/sort_ads and clicks by /v3/ad/updateHits (home.ts).
 */
import { z } from 'zod';
import { rowId } from './row-id.js';
import { defineCall, emptySchema } from './define.js';

/** Ids per impressions call (the widget sends one per page visit; the cap keeps a call small). */
export const AD_IMPRESSION_IDS_MAX = 20;

export const adImpressionsCall = defineCall({
  path: '/v3/ad/impressions',
  summary:
    'Count one impression of each ad shown (the floating widget sends its ad once per page visit). Counted in memory and written as daily roll-ups every few seconds; unknown ids are ignored.',
  tag: 'ad',
  auth: 'session',
  request: z.object({
    ids: z.array(rowId).min(1).max(AD_IMPRESSION_IDS_MAX),
  }),
  response: emptySchema,
});
