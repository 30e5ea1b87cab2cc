import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdStatsRepository } from '../../repositories/ad-stats.repository.js';
import { dayOf } from '../../services/view-counter.service.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let session: TestSession;
let adA: number;
let adB: number;

async function insertAd(page: string): Promise<number> {
  const row = await ctx.db
    .insertInto('ads')
    .values({ page, name: `${page} ad`, created_time: Math.floor(Date.now() / 1000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const statsOf = (adId: number) => new AdStatsRepository(ctx.db).daily(adId);
const rollupRows = async () =>
  (await ctx.db.selectFrom('ad_stats_daily').select('ad_id').execute()).map((row) => row.ad_id);

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  session = await client.initGuest();
  adA = await insertAd('home');
  adB = await insertAd('user');
});
afterAll(async () => ctx.close());

describe('ad impressions and clicks (buffered daily roll-ups)', () => {
  it('buffers impressions and clicks in memory and writes one roll-up row per ad and day on flush', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await client.call('/v3/ad/impressions', { ids: [adA, adB] }, { session })).code).toBe(1);
    }
    expect((await client.call('/v3/ad/impressions', { ids: [adA, adA] }, { session })).code).toBe(1);
    expect((await client.call('/v3/ad/updateHits', { id: adA }, { session })).code).toBe(1);
    expect((await client.call('/v3/ad/updateHits', { id: adA }, { session })).code).toBe(1);

    // Nothing is written per view: the table is untouched until the flush.
    expect(await rollupRows()).toEqual([]);
    expect(ctx.app.services.adsUpdates.adStats.pendingEvents).toBe(13);

    await ctx.app.services.adsUpdates.adStats.flush();
    const today = dayOf(Math.floor(Date.now() / 1000));
    // A repeated id in one call counts once.
    expect(await statsOf(adA)).toEqual([{ day: today, impressions: 6, clicks: 2 }]);
    expect(await statsOf(adB)).toEqual([{ day: today, impressions: 5, clicks: 0 }]);
    expect((await rollupRows()).sort()).toEqual([adA, adB].sort());
    expect(ctx.app.services.adsUpdates.adStats.pendingEvents).toBe(0);

    // A second flush adds to the same day's row instead of inserting another.
    await client.call('/v3/ad/impressions', { ids: [adB] }, { session });
    await client.call('/v3/ad/updateHits', { id: adB }, { session });
    await ctx.app.services.adsUpdates.adStats.flush();
    expect(await statsOf(adB)).toEqual([{ day: today, impressions: 6, clicks: 1 }]);
    expect(await rollupRows()).toHaveLength(2);
    const hits = await ctx.db
      .selectFrom('ads')
      .select(['id', 'hits'])
      .where('id', 'in', [adA, adB])
      .execute();
    expect(Object.fromEntries(hits.map((row) => [row.id, Number(row.hits)]))).toEqual({ [adA]: 2, [adB]: 1 });
  });

  it('ignores unknown ad ids but still counts the known ones of the same call', async () => {
    expect((await client.call('/v3/ad/impressions', { ids: [987_654, adA] }, { session })).code).toBe(1);
    expect((await client.call('/v3/ad/updateHits', { id: 987_655 }, { session })).code).toBe(1);
    const before = (await statsOf(adA))[0]!.impressions;
    await ctx.app.services.adsUpdates.adStats.flush();
    expect((await statsOf(adA))[0]!.impressions).toBe(before + 1);
    expect(await statsOf(987_654)).toEqual([]);
    expect(await statsOf(987_655)).toEqual([]);
  });

  it('refuses a malformed impressions call with a clear error and counts nothing', async () => {
    const counter = ctx.app.services.adsUpdates.adStats;
    for (const payload of [{}, { ids: [] }, { ids: [0] }, { ids: ['x'] }, { ids: Array(21).fill(adA) }]) {
      const answer = await client.call('/v3/ad/impressions', payload, { session });
      expect(answer.code).toBe(1005);
      expect(answer.msg).toMatch(/ids/);
    }
    expect(counter.pendingEvents).toBe(0);
  });

  it('writes what is pending when the app closes', async () => {
    const own = await buildTestApp();
    const ownClient = createTestClient(own);
    const ownSession = await ownClient.initGuest();
    const adId = (
      await own.db
        .insertInto('ads')
        .values({ page: 'sort', name: 'sort ad', created_time: Math.floor(Date.now() / 1000) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ownClient.call('/v3/ad/impressions', { ids: [adId] }, { session: ownSession });
    const repository = new AdStatsRepository(own.db);
    await own.app.close();
    expect((await repository.daily(adId))[0]?.impressions).toBe(1);
    await own.close();
  });
});
