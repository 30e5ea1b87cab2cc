/**
 * Growth → Ads (/admin/api/growth/ads…): list with status and counts, an ad, create, edit, turn on
 * or off, delete, per-day stats, picture upload (base64 JSON, like every console body) and the
 * global switch. Reads viewer, changes admin; every change is audited and empties the app's home
 * cache after the commit, so /v3/ad/sort_ads and the home banner show it at the next request.
 */
import { AD_PLACEMENTS } from '@dm51/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import { idParams, pageQuery } from '../paging.js';
import { AD_IMAGE_MAX_BYTES, type AdFields } from './ads.service.js';

const TAG = 'console-growth';
const INT32 = 2_147_483_647;

const flag = z.union([z.literal(0), z.literal(1)]);
const offset = z
  .string()
  .trim()
  .max(16)
  .regex(/^-?\d+(\.\d+)?(px|%)?$/, 'A number, or a number with px or %');
/** Unix seconds; 0 = open-ended. */
const time = z
  .number()
  .int()
  .min(0)
  .max(INT32 * 2);
/** Where it points is checked against the media store by `assertPic` (an unchanged legacy value passes). */
const pic = z.string().trim().min(1, 'Upload a picture or give an https address').max(1024);
/** The anchor words the app reads (either order), e.g. right-bottom, bottom_right, center. */
const position = z
  .string()
  .trim()
  .max(32)
  .regex(
    /^(left|right|center|middle|top|bottom)([-_ ](left|right|center|middle|top|bottom))?$/i,
    `One of ${'left|center|right'}-${'top|center|bottom'}, e.g. right-bottom`,
  );
/** Spec §5 click target: a web address, a page of the app, or nothing; never a script scheme. */
const clickUrl = z
  .string()
  .trim()
  .max(1024)
  .refine(
    (url) => url === '' || /^(https?:\/\/|www\.)/i.test(url) || /^\/?pages\/[\w/.-]*(\?[^\s]*)?$/.test(url),
    'An http(s) address, a www. address or an app page (/pages/…)',
  );

const fieldsSchema = z
  .object({
    page: z.enum(AD_PLACEMENTS),
    name: z.string().trim().max(255),
    pic,
    pic_width: z.number().int().min(0).max(1500),
    pic_height: z.number().int().min(0).max(3000),
    url: clickUrl,
    position,
    position_offset_x: offset,
    position_offset_y: offset,
    bg_transparent: flag,
    hide_time: z.number().int().min(0).max(INT32),
    display_time_again: z.number().int().min(0).max(INT32),
    platform_show: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    adtext_show: flag,
    adtext: z.string().trim().max(255),
    adtext_size: z.number().int().min(8).max(48),
    adtext_color: z
      .string()
      .trim()
      .regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'A colour like #ffffff'),
    close_btn_control: z.enum(['small', 'center', 'big']),
    ad_bg_show: flag,
    sort: z.number().int().min(-1_000_000).max(1_000_000),
    enabled: z.boolean(),
    start_time: time,
    end_time: time,
  })
  .strict();

/** What a new ad gets when the form leaves a field out: the widget's usual look (right-bottom; dark caption on its white card). */
const DEFAULTS: Omit<AdFields, 'page' | 'pic'> = {
  name: '',
  pic_width: 150,
  pic_height: 0,
  url: '',
  position: 'right-bottom',
  position_offset_x: '12px',
  position_offset_y: '80px',
  bg_transparent: 0,
  hide_time: 0,
  display_time_again: 0,
  platform_show: 0,
  adtext_show: 0,
  adtext: '',
  adtext_size: 12,
  adtext_color: '#333333',
  close_btn_control: 'small',
  ad_bg_show: 1,
  sort: 0,
  enabled: true,
  start_time: 0,
  end_time: 0,
};

const createBody = fieldsSchema.partial().required({ page: true, pic: true });
const editBody = fieldsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field');

/** Base64 (optionally as a data: URL) of at most AD_IMAGE_MAX_BYTES bytes, checked again after decoding. */
const BASE64_MAX_CHARS = Math.ceil(AD_IMAGE_MAX_BYTES / 3) * 4 + 256;
const imageBody = z
  .object({
    image: z
      .string()
      .max(BASE64_MAX_CHARS, `The image is larger than ${AD_IMAGE_MAX_BYTES / 1024 / 1024} MB`)
      .transform((value) => value.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, ''))
      .refine((value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value), 'Not base64'),
  })
  .strict();

async function refreshAppCaches(app: FastifyInstance): Promise<void> {
  app.services.home.invalidate();
}

/** Ids of the ads the app is served right now (one per page), from the app's own sort_ads. */
async function servingIds(app: FastifyInstance): Promise<Set<number>> {
  const { ad_list } = await app.services.home.sortAds();
  return new Set(Object.values(ad_list).map((ad) => ad.id));
}

/**
 * A new picture must be an https address or a file uploaded here; an edit that keeps the ad's
 * current picture (an older row may hold another kind of address) is not held up by it.
 */
async function assertPic(app: FastifyInstance, value: string | undefined, adId?: number): Promise<void> {
  if (value === undefined) return;
  if (adId !== undefined && (await app.services.admin.ads.picOf(adId)) === value) return;
  if (!(await app.services.admin.ads.picExists(app.media, value)))
    throw AdminErrors.invalid(
      'Invalid body field "pic": an https address or an uploaded picture (/media/…) that exists; upload it first',
    );
}

export const ADS_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/growth/ads',
    role: 'viewer',
    tag: TAG,
    summary:
      'Ads by placement (home, sort, ai, user, home_banner) and status (live, scheduled, ended, off), with all-time impressions, clicks, CTR and whether the app is served each one now.',
    query: pageQuery.extend({
      placement: z.enum(AD_PLACEMENTS).optional(),
      status: z.enum(['live', 'scheduled', 'ended', 'off']).optional(),
    }),
    async handler({ query, request }) {
      const app = request.server;
      return app.services.admin.ads.list(
        { placement: query.placement, status: query.status },
        await servingIds(app),
        query.page,
        query.pageSize,
      );
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/ads/:id',
    role: 'viewer',
    tag: TAG,
    summary: 'An ad: every field the app receives, its schedule, status, totals and CTR.',
    params: idParams,
    async handler({ params, request }) {
      const app = request.server;
      return { data: await app.services.admin.ads.detail(params.id, await servingIds(app)) };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/ads/:id/stats',
    role: 'viewer',
    tag: TAG,
    summary:
      'Impressions, clicks and CTR of an ad per UTC day for the last `days` days (ad_stats_daily, written every 10 s), with period and all-time totals.',
    params: idParams,
    query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
    async handler({ params, query, request }) {
      return { data: await request.server.services.admin.ads.stats(params.id, query.days) };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/growth/ads',
    role: 'admin',
    tag: TAG,
    summary:
      'Create an ad (spec §3 fields; page and pic required, the rest default to a right-bottom widget, on, no schedule). start_time / end_time are Unix seconds, 0 = open-ended.',
    body: createBody,
    async handler({ body, change, request }) {
      const app = request.server;
      await assertPic(app, body.pic);
      const fields = { ...DEFAULTS, ...body } as AdFields;
      const data = await change((trx, audit) => app.services.admin.ads.create(trx, audit, fields));
      await refreshAppCaches(app);
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/ads/:id',
    role: 'admin',
    tag: TAG,
    summary: 'Edit an ad (any subset of its fields, schedule and order).',
    params: idParams,
    body: editBody,
    async handler({ params, body, change, request }) {
      const app = request.server;
      await assertPic(app, body.pic, params.id);
      const data = await change((trx, audit) => app.services.admin.ads.edit(trx, audit, params.id, body));
      await refreshAppCaches(app);
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/ads/:id/enabled',
    role: 'admin',
    tag: TAG,
    summary: 'Turn an ad on or off; an ad that is off is never served, whatever its schedule.',
    params: idParams,
    body: z.object({ enabled: z.boolean() }).strict(),
    async handler({ params, body, change, request }) {
      const app = request.server;
      const data = await change((trx, audit) =>
        app.services.admin.ads.setEnabled(trx, audit, params.id, body.enabled),
      );
      await refreshAppCaches(app);
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'DELETE',
    url: '/growth/ads/:id',
    role: 'admin',
    tag: TAG,
    summary: 'Delete an ad and its daily statistics (the audit row keeps its fields and totals).',
    params: idParams,
    async handler({ params, change, request }) {
      const app = request.server;
      await change((trx, audit) => app.services.admin.ads.remove(trx, audit, params.id));
      await refreshAppCaches(app);
      return { data: { id: params.id } };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/growth/ads/images',
    role: 'admin',
    tag: TAG,
    summary:
      'Upload an ad picture as base64 JSON `{image}` (a data: URL is fine), at most 2 MB: checked by content (JPEG, PNG, WebP, GIF, AVIF; pixel limit against decompression bombs), scaled to 1500 px, stored content-hashed under /media (PNG when transparent, else JPEG). Answers its url and size in px. A refused file (1710) stores nothing.',
    body: imageBody,
    bodyLimit: BASE64_MAX_CHARS + 4096,
    async handler({ body, change, request }) {
      const app = request.server;
      const stored = await app.services.admin.ads.storeImage(app.media, Buffer.from(body.image, 'base64'));
      // The content hash names the file (target ids hold 64 characters; the url is in `after`).
      const hash = /([0-9a-f]{64})\.\w+$/.exec(stored.url)?.[1] ?? stored.url.slice(-64);
      await change(async (_trx, audit) =>
        audit({ action: 'ad_image.upload', targetType: 'media', targetId: hash, after: stored }),
      );
      return { data: stored };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/ads-global',
    role: 'viewer',
    tag: TAG,
    summary: 'The global ad switch the app gets with sort_ads (1 shows ads, 0 hides all of them).',
    async handler({ request }) {
      return { data: { global: await request.server.services.admin.ads.global(request.server.db) } };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/ads-global',
    role: 'admin',
    tag: TAG,
    summary: 'Set the global ad switch: 0 hides every ad in the app at the next sort_ads.',
    body: z.object({ global: flag }).strict(),
    async handler({ body, change, request }) {
      const app = request.server;
      const global = await change((trx, audit) => app.services.admin.ads.setGlobal(trx, audit, body.global));
      await refreshAppCaches(app);
      return { data: { global } };
    },
  }),
];
