/** Ranking (/pages/sort/ranking). */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { defineCall, pageRequestSchema } from './define.js';
import { workCardSchema } from './catalogue.js';

export const rankItemSchema = workCardSchema.extend({
  /** 1-based rank. */
  rank: z.number().int(),
  /** The ranked figure: views or new favourites in the period, or score × 10 for 'score'. */
  value: z.number().int(),
});
export type RankItem = z.infer<typeof rankItemSchema>;

export const rankIndexCall = defineCall({
  path: '/v3/rank/index',
  summary:
    "Ranking of published works of one type. by 'views' (views in the period), 'favorites' (favourites added in the period; all-time: current totals) or 'score' (score among works read in the period; all-time: all works). period day = today (UTC), week / month = the last 7 / 30 days, all = all time. Views are buffered and rolled up every few seconds. Paged; works with nothing in the period are left out (except for period all).",
  tag: 'rank',
  auth: 'session',
  request: pageRequestSchema.extend({
    type: intField(0, 2).default(0),
    by: z.enum(['views', 'favorites', 'score']).default('views'),
    period: z.enum(['day', 'week', 'month', 'all']).default('week'),
  }),
  response: z.object({ list: z.array(rankItemSchema), total: z.number().int() }),
});
