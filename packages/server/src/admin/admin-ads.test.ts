/**
 * Growth → Ads seen from the app: an ad created in the console (with an uploaded picture) is what
 * /v3/ad/sort_ads answers at once; a scheduled, ended or turned-off ad is not served; a bad picture
 * (not an image, damaged, a decompression bomb, too large) is refused with nothing stored or logged;
 * the per-day statistics add up to what the app reported; every change leaves one audit row.
 * Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from '@dm51/library';
import { ApiCode, type Ad } from '@dm51/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../services/view-counter.service.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

interface AdRecord {
  id: number;
  page: string;
  pic: string;
  status: string;
  enabled: boolean;
  impressions: number;
  clicks: number;
  ctr: number;
  serving: boolean;
  start_time: number;
  end_time: number;
}
interface Stats {
  days: { day: number; date: string; impressions: number; clicks: number; ctr: number }[];
  period: { impressions: number; clicks: number; ctr: number };
  allTime: { impressions: number; clicks: number; ctr: number };
}

let ctx: TestApp;
let client: TestClient;
let reader: TestSession;
let admin: OperatorSession;
let viewer: OperatorSession;

const now = () => Math.floor(Date.now() / 1000);
const sortAds = async () =>
  (
    await client.call<{ ad_list: Record<string, Ad>; global: number }>(
      '/v3/ad/sort_ads',
      {},
      { session: reader },
    )
  ).data!;
const api = <T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  session = admin,
) => adminRequest<T>(ctx.app, method, url, { session, body });
const upload = (image: Buffer | string) =>
  api<{ data: { url: string; width: number; height: number; format: string } }>(
    'POST',
    '/growth/ads/images',
    {
      image: typeof image === 'string' ? image : image.toString('base64'),
    },
  );
const auditRows = (action: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

function mediaFiles(): string[] {
  const root = join(ctx.config.dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** A real PNG whose header claims `width`×`height` (the decompression-bomb shape). */
async function bombPng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  reader = await client.initGuest();
  admin = await signedIn(ctx.app, 'admin');
  viewer = await signedIn(ctx.app, 'viewer');
});
afterAll(async () => ctx.close());

describe('Growth → Ads', () => {
  let homeAd: AdRecord;
  let picUrl: string;

  it('uploads a picture, creates a home ad, and the app’s sort_ads serves it at once', async () => {
    // Primed before the change: the app's cached home data must not hide the new ad.
    expect((await sortAds()).ad_list['home']).toBeUndefined();
    const png = await sharp({
      create: { width: 300, height: 400, channels: 4, background: { r: 250, g: 80, b: 100, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(`data:image/png;base64,${png.toString('base64')}`);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.data).toMatchObject({ width: 300, height: 400, format: 'png' });
    picUrl = uploaded.body.data.url;
    expect(picUrl).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: picUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const created = await api<{ data: AdRecord }>('POST', '/growth/ads', {
      page: 'home',
      name: 'Summer sale',
      pic: picUrl,
      pic_width: 180,
      pic_height: 240,
      url: '/pages/sort/sort',
      position: 'left-bottom',
      position_offset_x: '16px',
      position_offset_y: '10%',
      hide_time: 4000,
      display_time_again: 60_000,
      platform_show: 2,
      close_btn_control: 'big',
    });
    expect(created.status).toBe(200);
    homeAd = created.body.data;
    expect(homeAd).toMatchObject({ page: 'home', status: 'live', enabled: true });

    const app = await sortAds();
    expect(app.global).toBe(1);
    expect(app.ad_list['home']).toMatchObject({
      id: homeAd.id,
      name: 'Summer sale',
      pic: picUrl,
      pic_width: 180,
      pic_height: 240,
      url: '/pages/sort/sort',
      position: 'left-bottom',
      position_offset_x: '16px',
      position_offset_y: '10%',
      hide_time: 4000,
      display_time_again: 60_000,
      platform_show: 2,
      close_btn_control: 'big',
      ad_bg_show: 1,
    });

    const list = await api<{ data: AdRecord[]; total: number }>(
      'GET',
      '/growth/ads?placement=home',
      undefined,
      viewer,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((ad) => [ad.id, ad.status, ad.serving])).toEqual([[homeAd.id, 'live', true]]);
    const audit = await auditRows('ad.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target_id).toBe(String(homeAd.id));
    expect(audit[0]!.operator_name).toBe(admin.name);
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ page: 'home', pic: picUrl });
    expect(await auditRows('ad_image.upload')).toHaveLength(1);
  });

  it('an edit reaches the app at once, even through the cached home banner', async () => {
    const banner = await api<{ data: AdRecord }>('POST', '/growth/ads', { page: 'home_banner', pic: picUrl });
    expect(banner.status).toBe(200);
    const homeData = async () =>
      (
        await client.call<{ banner_ad: { image: string; url: string } | null }>(
          '/v3/comic/index',
          {},
          { session: reader },
        )
      ).data!.banner_ad;
    expect(await homeData()).toEqual({ image: picUrl, url: '', timeout: 0 });
    const edited = await api('PUT', `/growth/ads/${banner.body.data.id}`, {
      url: 'https://example.test/sale',
    });
    expect(edited.status).toBe(200);
    expect((await homeData())?.url).toBe('https://example.test/sale');
    const audit = await auditRows('ad.update');
    expect(JSON.parse(audit.at(-1)!.before_json)).toEqual({ url: '' });
    expect(JSON.parse(audit.at(-1)!.after_json)).toEqual({ url: 'https://example.test/sale' });
  });

  it('scheduled, ended and turned-off ads are not served; the next live one by order is', async () => {
    const t = now();
    const make = async (body: Record<string, unknown>) => {
      const answer = await api<{ data: AdRecord }>('POST', '/growth/ads', { pic: picUrl, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const scheduled = await make({ page: 'sort', start_time: t + 3600, sort: -10 });
    const ended = await make({ page: 'sort', start_time: t - 7200, end_time: t - 60, sort: -5 });
    const off = await make({ page: 'sort', enabled: false, sort: -1 });
    expect([scheduled.status, ended.status, off.status]).toEqual(['scheduled', 'ended', 'off']);
    expect((await sortAds()).ad_list['sort']).toBeUndefined();

    const live = await make({ page: 'sort', start_time: t - 60, end_time: t + 3600, sort: 5 });
    expect((await sortAds()).ad_list['sort']?.id).toBe(live.id);

    // Turning the scheduled one on early (moving its start) puts it first by order.
    await api('PUT', `/growth/ads/${scheduled.id}`, { start_time: 0 });
    expect((await sortAds()).ad_list['sort']?.id).toBe(scheduled.id);
    // Turning it off hands the page back to the next live ad.
    const turnedOff = await api<{ data: AdRecord }>('PUT', `/growth/ads/${scheduled.id}/enabled`, {
      enabled: false,
    });
    expect(turnedOff.body.data.status).toBe('off');
    expect((await sortAds()).ad_list['sort']?.id).toBe(live.id);
    expect(await auditRows('ad.disable')).toHaveLength(1);

    const byStatus = async (status: string) =>
      (await api<{ data: AdRecord[] }>('GET', `/growth/ads?placement=sort&status=${status}`)).body.data.map(
        (ad) => ad.id,
      );
    expect(await byStatus('live')).toEqual([live.id]);
    expect((await byStatus('off')).sort()).toEqual([scheduled.id, off.id].sort());
    expect(await byStatus('ended')).toEqual([ended.id]);
    expect(await byStatus('scheduled')).toEqual([]);

    // The global switch hides every ad in the app.
    expect((await api('PUT', '/growth/ads-global', { global: 0 })).status).toBe(200);
    expect((await sortAds()).global).toBe(0);
    expect((await api('PUT', '/growth/ads-global', { global: 1 })).status).toBe(200);
    expect(await auditRows('ad.global')).toHaveLength(2);
  });

  it('refuses a bad picture with nothing stored and nothing logged', async () => {
    const filesBefore = mediaFiles().length;
    const auditBefore = (await ctx.db.selectFrom('audit_log').select('id').execute()).length;
    const refused = async (image: Buffer | string, code: number = ApiCode.ADMIN_IMAGE_INVALID) => {
      const answer = await upload(image);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe(code);
      return answer.body.msg ?? '';
    };
    // Text named like a picture, an empty file, a damaged PNG and a 100 000 × 100 000 bomb.
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toMatch(
      /not an image/,
    );
    await refused(Buffer.alloc(0));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    await refused(png.subarray(0, png.length - 40));
    await refused(await bombPng(100_000, 100_000));
    // Over 2 MB once decoded (random bytes: valid base64, not an image either way).
    expect(await refused(Buffer.alloc(2 * 1024 * 1024 + 10, 7))).toMatch(/larger than 2 MB/);
    // Not base64 at all.
    await refused('not base64 !!!', ApiCode.ADMIN_INVALID);
    expect(mediaFiles()).toHaveLength(filesBefore);
    expect(await ctx.db.selectFrom('audit_log').select('id').execute()).toHaveLength(auditBefore);
  });

  it('refuses bad fields, unknown ads and a viewer, and nothing changes', async () => {
    const count = async () => (await ctx.db.selectFrom('ads').select('id').execute()).length;
    const before = await count();
    const bad: Record<string, unknown>[] = [
      { page: 'checkout', pic: picUrl },
      { page: 'home' },
      { page: 'home', pic: '/media/aa/bb/never-uploaded.png' },
      { page: 'home', pic: 'javascript:alert(1)' },
      { page: 'home', pic: picUrl, url: 'javascript:alert(1)' },
      { page: 'home', pic: picUrl, position_offset_x: '10em' },
      { page: 'home', pic: picUrl, position: 'upside-down' },
      { page: 'home', pic: picUrl, hide_time: -1 },
      { page: 'home', pic: picUrl, platform_show: 3 },
      { page: 'home', pic: picUrl, pic_width: '180' },
      { page: 'home', pic: picUrl, start_time: now() + 100, end_time: now() },
      { page: 'home', pic: picUrl, colour: 'red' },
    ];
    for (const body of bad) {
      const answer = await api('POST', '/growth/ads', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api('PUT', '/growth/ads/999999', { name: 'x' })).status).toBe(404);
    expect((await api('PUT', '/growth/ads/999999/enabled', { enabled: true })).status).toBe(404);
    expect((await api('DELETE', '/growth/ads/999999')).status).toBe(404);
    expect((await api('PUT', `/growth/ads/${homeAd.id}`, {})).status).toBe(400);
    // An end before the ad's own start (start moves, end stays 0: fine; end before start: refused).
    expect(
      (await api('PUT', `/growth/ads/${homeAd.id}`, { start_time: now() + 100, end_time: now() })).status,
    ).toBe(400);
    expect((await api('POST', '/growth/ads', { page: 'home', pic: picUrl }, viewer)).status).toBe(403);
    expect((await api('DELETE', `/growth/ads/${homeAd.id}`, undefined, viewer)).status).toBe(403);
    expect(await count()).toBe(before);
    expect((await sortAds()).ad_list['home']?.id).toBe(homeAd.id);
  });

  it('an older ad (another picture address, reversed anchor words) can still be edited as it is', async () => {
    const legacy = await ctx.db
      .insertInto('ads')
      .values({
        page: 'ai',
        name: 'Old',
        pic: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
        position: 'bottom-right',
        created_time: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const current = (await api<{ data: Record<string, unknown> }>('GET', `/growth/ads/${legacy.id}`)).body
      .data;
    const {
      id: _id,
      status: _s,
      serving: _v,
      impressions: _i,
      clicks: _c,
      ctr: _r,
      hits: _h,
      ...fields
    } = current;
    void [_id, _s, _v, _i, _c, _r, _h];
    delete fields['created_time'];
    delete fields['updated_time'];
    const saved = await api('PUT', `/growth/ads/${legacy.id}`, { ...fields, name: 'Old, renamed' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await sortAds()).ad_list['ai']).toMatchObject({ name: 'Old, renamed', position: 'bottom-right' });
    // A new address that is neither https nor an upload is still refused.
    const changed = await api('PUT', `/growth/ads/${legacy.id}`, { pic: 'data:image/png;base64,AAAA' });
    expect(changed.status).toBe(400);
    expect((await api('DELETE', `/growth/ads/${legacy.id}`)).status).toBe(200);
  });

  it('per-day impressions and clicks add up to what the app reported, with CTR', async () => {
    for (let i = 0; i < 8; i += 1)
      await client.call('/v3/ad/impressions', { ids: [homeAd.id] }, { session: reader });
    for (let i = 0; i < 2; i += 1)
      await client.call('/v3/ad/updateHits', { id: homeAd.id }, { session: reader });
    await ctx.app.services.adsUpdates.adStats.flush();
    // A roll-up from three days ago (earlier flushes) is part of the series and the totals.
    const today = dayOf(now());
    await ctx.db
      .insertInto('ad_stats_daily')
      .values({ ad_id: homeAd.id, day: today - 3, impressions: 12, clicks: 3 })
      .execute();

    const stats = (
      await api<{ data: Stats }>('GET', `/growth/ads/${homeAd.id}/stats?days=7`, undefined, viewer)
    ).body.data;
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toMatchObject({ day: today, impressions: 8, clicks: 2, ctr: 0.25 });
    expect(stats.days.at(-4)).toMatchObject({ day: today - 3, impressions: 12, clicks: 3 });
    expect(stats.days.at(-1)!.date).toBe(new Date(today * 86_400_000).toISOString().slice(0, 10));
    const sum = stats.days.reduce((s, d) => ({ i: s.i + d.impressions, c: s.c + d.clicks }), { i: 0, c: 0 });
    expect(sum).toEqual({ i: 20, c: 5 });
    expect(stats.period).toEqual({ impressions: 20, clicks: 5, ctr: 0.25 });
    expect(stats.allTime).toEqual({ impressions: 20, clicks: 5, ctr: 0.25 });
    // Only the last 2 days: the older row is outside the period, not outside the all-time totals.
    const recent = (await api<{ data: Stats }>('GET', `/growth/ads/${homeAd.id}/stats?days=2`)).body.data;
    expect(recent.period).toEqual({ impressions: 8, clicks: 2, ctr: 0.25 });
    expect(recent.allTime.impressions).toBe(20);

    const row = (await api<{ data: AdRecord[] }>('GET', '/growth/ads?placement=home')).body.data[0]!;
    expect(row).toMatchObject({ id: homeAd.id, impressions: 20, clicks: 5, ctr: 0.25 });
    const detail = (await api<{ data: AdRecord }>('GET', `/growth/ads/${homeAd.id}`)).body.data;
    expect(detail).toMatchObject({ impressions: 20, clicks: 5, serving: true });
  });

  it('deleting an ad removes it from the app and its statistics, and the log keeps them', async () => {
    const deleted = await api('DELETE', `/growth/ads/${homeAd.id}`);
    expect(deleted.status).toBe(200);
    expect((await sortAds()).ad_list['home']).toBeUndefined();
    expect((await api('GET', `/growth/ads/${homeAd.id}`)).status).toBe(404);
    expect(
      await ctx.db.selectFrom('ad_stats_daily').selectAll().where('ad_id', '=', homeAd.id).execute(),
    ).toEqual([]);
    const audit = (await auditRows('ad.delete')).filter((row) => row.target_id === String(homeAd.id));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json)).toMatchObject({ id: homeAd.id, impressions: 20, clicks: 5 });
  });
});
