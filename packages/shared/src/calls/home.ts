/**
 * Home pages (spec §3 "Home data") and ads (spec §3 "Ad"). `/v3/comic/index` serves the comics tab;
 * `/v3/book/index` (listed by the spec among the novel calls) serves the novels tab with the same shape.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, emptySchema } from './define.js';
import { HOME_SIZES } from '../limits.js';
import { workCardSchema } from './catalogue.js';

export const homeBannerSchema = z.object({
  /** Image URL path (the work's cover); '' falls back to the placeholder. */
  picx: z.string(),
  /** In-app route of the target, e.g. '/pages/cartoon/details?column=12'. */
  url: z.string(),
  /** Unix seconds after which the slide should no longer show (0 = no end). */
  timeout: z.number().int(),
  /** Work type of the target (0 comic, 1 novel, 2 anime), as in the mixed list item. */
  types: z.number().int(),
  relate_id: z.number().int(),
  name: z.string(),
});

export const homeBannerAdSchema = z.object({
  image: z.string(),
  url: z.string(),
  timeout: z.number().int(),
});

export const homeClassSchema = z.object({
  /** Category id; the "more" link opens /pages/home/sort/homeSort filtered by it. */
  id: z.number().int(),
  name: z.string(),
  list: z.array(workCardSchema),
});

const homeRequest = z.object({
  reco_size: intField(0, 50).default(HOME_SIZES.reco),
  news_size: intField(0, 50).default(HOME_SIZES.news),
  type_size: intField(0, 50).default(HOME_SIZES.type),
});

export const homeResponseSchema = z.object({
  /**
   * The operator's banner works in their order (console → Catalogue → Home), each with its own
   * picture or the work's cover; when none are chosen, up to 5 slides: the most viewed works of the
   * last 7 days (best scored when nothing was read).
   */
  banner: z.array(homeBannerSchema),
  /** The home banner ad (page 'home' of /v3/ad/sort_ads), or null. */
  banner_ad: homeBannerAdSchema.nullable(),
  /** `reco_size` recommendations: the operator's pinned works first, then best score, then views. */
  reco: z.array(workCardSchema),
  /** `news_size` most recently updated works. */
  news: z.array(workCardSchema),
  /** Each category of the type (by its sort) with its `type_size` most viewed works; empty categories left out. */
  class: z.array(homeClassSchema),
});
export type HomeData = z.infer<typeof homeResponseSchema>;

export const comicHomeCall = defineCall({
  path: '/v3/comic/index',
  summary:
    'The comics tab of home (/pages/home/home, tab 0): banner, banner_ad, reco, news and class sections of published comics. Sizes default to the spec (reco 6, news 10, type 10).',
  tag: 'home',
  auth: 'session',
  request: homeRequest,
  response: homeResponseSchema,
});

export const bookHomeCall = defineCall({
  path: '/v3/book/index',
  summary:
    'The novels tab of home (tab 2) and /pages/home/novelView: the same shape as /v3/comic/index, for novels.',
  tag: 'home',
  auth: 'session',
  request: homeRequest,
  response: homeResponseSchema,
});

/** An ad (spec §3 "Ad"); pic sizes are rpx. */
export const adSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pic: z.string(),
  pic_width: z.number().int(),
  pic_height: z.number().int(),
  url: z.string(),
  position: z.string(),
  position_offset_x: z.string(),
  position_offset_y: z.string(),
  bg_transparent: z.number().int(),
  hide_time: z.number().int(),
  display_time_again: z.number().int(),
  /** 1 only in the installed home-screen app, 2 only in the browser, 0 both. */
  platform_show: z.number().int(),
  adtext_show: z.number().int(),
  adtext: z.string(),
  adtext_size: z.number().int(),
  adtext_color: z.string(),
  close_btn_control: z.enum(['small', 'center', 'big']),
  ad_bg_show: z.number().int(),
});
export type Ad = z.infer<typeof adSchema>;

export const adSortAdsCall = defineCall({
  path: '/v3/ad/sort_ads',
  summary:
    'The enabled ads keyed by page name (home, sort, ai, user, ...; one ad per page), and the global switch (0 hides every ad). An empty object when no ad is configured.',
  tag: 'ad',
  auth: 'session',
  request: emptySchema,
  response: z.object({ ad_list: z.record(z.string(), adSchema), global: z.number().int() }),
});

export const adUpdateHitsCall = defineCall({
  path: '/v3/ad/updateHits',
  summary: 'Count a click on an ad. Unknown ids are ignored (the client ignores failures anyway).',
  tag: 'ad',
  auth: 'session',
  request: z.object({ id: rowId }),
  response: emptySchema,
});
