import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let session: TestSession;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  session = await client.initGuest();
});
afterAll(async () => ctx.close());

describe('/v3/ad/sort_ads and /v3/ad/updateHits', () => {
  it('answers no ads and the global switch on by default', async () => {
    expect((await client.call('/v3/ad/sort_ads', {}, { session })).data).toEqual({ ad_list: {}, global: 1 });
  });

  it('keys enabled ads by page, honours the global switch, and counts clicks', async () => {
    const now = Math.floor(Date.now() / 1000);
    // One insert per row: SQLite cannot use DEFAULT for columns missing from a multi-row insert.
    const insert = (values: Parameters<ReturnType<typeof ctx.db.insertInto<'ads'>>['values']>[0]) =>
      ctx.db.insertInto('ads').values(values).returning('id').executeTakeFirstOrThrow();
    const home = await insert({
      page: 'home',
      name: 'Home ad',
      pic: '/media/ad.png',
      url: 'https://example.com',
      close_btn_control: 'big',
      created_time: now,
    });
    await insert({ page: 'home', name: 'Second home ad', sort: 5, created_time: now });
    await insert({
      page: 'home_banner',
      name: 'Banner',
      pic: '/media/banner.png',
      url: '/pages/user/vip/vip',
      hide_time: 5000,
      created_time: now,
    });
    await insert({ page: 'user', name: 'Disabled', enabled: 0, created_time: now });
    const result = await client.call<{ ad_list: Record<string, Record<string, unknown>>; global: number }>(
      '/v3/ad/sort_ads',
      {},
      { session },
    );
    expect(Object.keys(result.data!.ad_list).sort()).toEqual(['home', 'home_banner']);
    expect(result.data!.ad_list['home']).toMatchObject({
      id: home.id,
      name: 'Home ad',
      close_btn_control: 'big',
      ad_bg_show: 1,
    });

    ctx.app.services.home.invalidate();
    const homeData = await client.call<{ banner_ad: unknown }>('/v3/comic/index', {}, { session });
    // The banner comes from its own row, and the widget's hide_time is not a banner expiry.
    expect(homeData.data!.banner_ad).toEqual({
      image: '/media/banner.png',
      url: '/pages/user/vip/vip',
      timeout: 0,
    });

    expect((await client.call('/v3/ad/updateHits', { id: home.id }, { session })).code).toBe(1);
    expect((await client.call('/v3/ad/updateHits', { id: 999_999 }, { session })).code).toBe(1);
    await ctx.app.services.adsUpdates.adStats.flush();
    const row = await ctx.db
      .selectFrom('ads')
      .select('hits')
      .where('id', '=', home.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(1);

    await ctx.db.insertInto('settings').values({ key: 'ad.global', value: '0', updated_time: now }).execute();
    expect((await client.call<{ global: number }>('/v3/ad/sort_ads', {}, { session })).data!.global).toBe(0);
  });
});
