/**
 * Two instances of the app on one database and one Redis (scale-out), driven as users and
 * operators would: a session made on one works on the other; an operator's change through the
 * console of A shows on B at the next request (not after the cache's TTL); views and ad clicks
 * counted on both are written once, whichever instance flushes, a batch a crashed flusher left
 * behind is written by the next flush, and one it had already written is not written again; a chat
 * reply sent on A streams from B.
 */
import { WorkType } from '@dm51/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { AdStatsRepository } from '../repositories/ad-stats.repository.js';
import { HistoryRepository } from '../repositories/history.repository.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { BuiltinChatProvider } from '../services/ai-chat-provider.js';
import { dayOf } from '../services/view-counter.service.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildNovelChapter, buildWork } from '../testing/catalogue-factory.js';
import { testRedisConfig } from '../testing/redis.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

let a: TestApp;
let b: FastifyInstance;
let onA: TestClient;
let onB: TestClient;
let admin: OperatorSession;
let guest: TestSession;

beforeAll(async () => {
  a = await buildTestApp({ redis: testRedisConfig() });
  b = await buildApp(a.config, { db: a.db });
  await b.ready();
  onA = createTestClient(a);
  onB = createTestClient({ app: b, config: a.config });
  admin = await signedIn(a.app, 'admin');
  guest = await onA.initGuest();
}, 60_000);
afterAll(async () => {
  await b.close();
  await a.close(); // drops the test's Redis keys
});

const utcDay = () => dayOf(Math.floor(Date.now() / 1000));

const viewsTotal = async (workId: number) =>
  Number(
    (await a.db.selectFrom('works').select('views_total').where('id', '=', workId).executeTakeFirstOrThrow())
      .views_total,
  );

describe('two instances sharing Redis', () => {
  it('a guest session made on A is accepted by B', async () => {
    const answer = await onB.call('/v3/app/theme', {}, { session: guest });
    expect(answer.code).toBe(1);
    const user = await onB.call<{ id: number }>('/v3/user/info', {}, { session: guest });
    expect(user.status).toBe(200);
    expect(user.code).not.toBe(401);
  });

  it("a theme saved through A's console is what B's app answers at once", async () => {
    const themeOnB = async () =>
      (await onB.call<{ light: Record<string, string> }>('/v3/app/theme', {})).data!;
    expect(await themeOnB()).toMatchObject({ light: {} }); // B's 5-second cache now holds "no overrides"
    const saved = await adminRequest(a.app, 'PUT', '/growth/theme', {
      session: admin,
      body: {
        light: { primary: '#7c3aed', button: '#5B21B6', headerTop: '#EDE9FE' },
        dark: { primary: '', button: '', headerTop: '' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await expect
      .poll(async () => (await themeOnB()).light['primary'], { timeout: 1_000, interval: 20 })
      .toBe('#7C3AED');
  });

  it("a banner edited through A's console shows on B's home at once", async () => {
    const now = Math.floor(Date.now() / 1000);
    const banner = await a.db
      .insertInto('ads')
      .values({ page: 'home_banner', name: 'Banner', pic: '/media/banner.png', url: '', created_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    a.app.services.home.invalidate();
    const bannerOnB = async () =>
      (await onB.call<{ banner_ad: { url: string } | null }>('/v3/comic/index', {}, { session: guest })).data!
        .banner_ad;
    expect(await bannerOnB()).toMatchObject({ url: '' }); // cached on B for 5 s
    const edited = await adminRequest(a.app, 'PUT', `/growth/ads/${banner.id}`, {
      session: admin,
      body: { url: 'https://example.test/sale' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expect
      .poll(async () => (await bannerOnB())?.url, { timeout: 1_000, interval: 20 })
      .toBe('https://example.test/sale');
  });

  it('views counted on both instances are written once, whichever flushes', async () => {
    const work = await buildWork(a.db, null, { title: 'Shared views' });
    for (let i = 0; i < 3; i += 1) a.app.services.views.count(work.id);
    for (let i = 0; i < 2; i += 1) b.services.views.count(work.id);
    // A has nothing of its own in memory: its counts went to Redis.
    expect(a.app.services.views.pendingViews).toBe(0);
    await Promise.all([b.services.views.flush(), a.app.services.views.flush()]);
    expect(await viewsTotal(work.id)).toBe(5);
    await Promise.all([a.app.services.views.flush(), b.services.views.flush()]);
    expect(await viewsTotal(work.id)).toBe(5);
    const daily = await a.db
      .selectFrom('work_stats_daily')
      .select('views')
      .where('work_id', '=', work.id)
      .execute();
    expect(daily.map((row) => Number(row.views))).toEqual([5]);
  });

  it('a batch a crashed flusher took but never wrote is written by a later flush', async () => {
    const work = await buildWork(a.db, null, { title: 'Crashed flush' });
    for (let i = 0; i < 4; i += 1) a.app.services.views.count(work.id);
    await a.app.services.views.flush();
    expect(await viewsTotal(work.id)).toBe(4);
    // A flusher takes the live counts (as drain does) and dies before writing them.
    for (let i = 0; i < 6; i += 1) b.services.views.count(work.id);
    await b.services.views.settled();
    const redis = a.app.redis!;
    const batch = redis.key('views:batch:crashed');
    await redis.client.rename(redis.key('views:live'), batch);
    await redis.client.zadd(redis.key('views:processing'), Date.now() - 120_000, batch);
    await a.app.services.views.flush();
    expect(await viewsTotal(work.id)).toBe(10);
    expect(await redis.client.exists(batch, redis.key('views:processing'))).toBe(0);
  });

  it('a batch written by a flusher that died before forgetting it is not counted twice', async () => {
    const work = await buildWork(a.db, null, { title: 'Committed flush' });
    for (let i = 0; i < 4; i += 1) b.services.views.count(work.id);
    await b.services.views.settled();
    const redis = a.app.redis!;
    // A flusher takes the live counts, commits them, and dies before the DEL that forgets them.
    const batch = redis.key('views:batch:committed');
    await redis.client.rename(redis.key('views:live'), batch);
    await redis.client.zadd(redis.key('views:processing'), Date.now() - 120_000, batch);
    await new RankingRepository(a.db).addViews([{ workId: work.id, day: utcDay(), views: 4 }], batch);
    expect(await viewsTotal(work.id)).toBe(4);
    // Another instance takes the left-over batch: it is forgotten, and the views stay at 4.
    await a.app.services.views.flush();
    expect(await viewsTotal(work.id)).toBe(4);
    expect(await redis.client.exists(batch, redis.key('views:processing'))).toBe(0);
    const daily = await a.db
      .selectFrom('work_stats_daily')
      .select('views')
      .where('work_id', '=', work.id)
      .execute();
    expect(daily.map((row) => Number(row.views))).toEqual([4]);
  });

  it('one batch written by two flushers at the same moment counts once', async () => {
    // A write that outlasts the 60 s after which another flush may take its batch.
    const work = await buildWork(a.db, null, { title: 'Slow flush' });
    const ad = await a.db
      .insertInto('ads')
      .values({ page: 'user', name: 'Slow flush', created_time: Math.floor(Date.now() / 1000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const views = [{ workId: work.id, day: utcDay(), views: 7 }];
    const ads = [{ adId: ad.id, day: utcDay(), impressions: 5, clicks: 2 }];
    await Promise.all([
      new RankingRepository(a.db).addViews(views, 'test:views:batch:same'),
      new RankingRepository(a.db).addViews(views, 'test:views:batch:same'),
      new AdStatsRepository(a.db).addBatch(ads, 'test:ad-stats:batch:same'),
      new AdStatsRepository(a.db).addBatch(ads, 'test:ad-stats:batch:same'),
    ]);
    expect(await viewsTotal(work.id)).toBe(7);
    const daily = await a.db
      .selectFrom('ad_stats_daily')
      .select(['impressions', 'clicks'])
      .where('ad_id', '=', ad.id)
      .execute();
    expect(daily.map((row) => [Number(row.impressions), Number(row.clicks)])).toEqual([[5, 2]]);
    // A different batch with the same counts is new counts, and is written.
    await new RankingRepository(a.db).addViews(views, 'test:views:batch:next');
    expect(await viewsTotal(work.id)).toBe(14);
  });

  it('a batch being written by another flusher is not taken again', async () => {
    const work = await buildWork(a.db, null, { title: 'Busy flush' });
    for (let i = 0; i < 3; i += 1) b.services.views.count(work.id);
    await b.services.views.settled();
    const redis = a.app.redis!;
    const batch = redis.key('views:batch:in-flight');
    await redis.client.rename(redis.key('views:live'), batch);
    await redis.client.zadd(redis.key('views:processing'), Date.now(), batch); // taken just now
    await a.app.services.views.flush();
    expect(await viewsTotal(work.id)).toBe(0);
    await redis.client.zadd(redis.key('views:processing'), 0, batch); // its flusher gave it back
    await b.services.views.flush();
    expect(await viewsTotal(work.id)).toBe(3);
  });

  it('ad impressions and clicks counted on both instances reach the statistics once', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ad = await a.db
      .insertInto('ads')
      .values({ page: 'user', name: 'Counted', created_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await onA.call('/v3/ad/updateHits', { id: ad.id }, { session: guest })).code).toBe(1);
    expect((await onB.call('/v3/ad/updateHits', { id: ad.id }, { session: guest })).code).toBe(1);
    a.app.services.adsUpdates.adStats.impressions([ad.id, ad.id]);
    b.services.adsUpdates.adStats.impressions([ad.id]);
    await a.app.services.adsUpdates.adStats.flush();
    await b.services.adsUpdates.adStats.flush();
    const hits = await a.db
      .selectFrom('ads')
      .select('hits')
      .where('id', '=', ad.id)
      .executeTakeFirstOrThrow();
    expect(Number(hits.hits)).toBe(2);
    const daily = await a.db
      .selectFrom('ad_stats_daily')
      .select(['impressions', 'clicks'])
      .where('ad_id', '=', ad.id)
      .execute();
    expect(daily.map((row) => [Number(row.impressions), Number(row.clicks)])).toEqual([[2, 2]]);
  });

  it('a chat reply sent through A streams from B, and A keeps the same text', async () => {
    const provider = new BuiltinChatProvider(0);
    a.app.services.ai.chat.plugs.provider = provider;
    b.services.ai.chat.plugs.provider = provider;
    const work = await buildWork(a.db, null, { type: WorkType.NOVEL, title: 'The Key', language: 'en' });
    const chapter = await buildNovelChapter(a.db, {
      workId: work.id,
      title: 'One',
      text: 'Mira walked into the old library. "I am looking for the silver key," said Mira. Tom laughed.',
    });
    const reader = await onA.initGuest();
    await new HistoryRepository(a.db).save({
      userId: reader.userId,
      workId: work.id,
      type: WorkType.NOVEL,
      chapterId: chapter.id,
      pageIndex: 0,
      position: 0,
      percent: 50,
      time: Math.floor(Date.now() / 1000),
    });
    const sent = await onA.call<{ stream_url: string }>(
      '/v3/ai/chat_send',
      {
        work_id: work.id,
        character: 'Mira',
        message: 'Where is the key?',
        idempotency_key: 'two-instances-1',
      },
      { session: reader },
    );
    expect(sent.code, sent.msg).toBe(1);
    const streamed = await b.inject({ method: 'GET', url: sent.data!.stream_url });
    const events = streamed.payload
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; text?: string });
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    expect(done.text).toBe(
      events
        .filter((e) => e.type === 'chunk')
        .map((e) => e.text)
        .join(''),
    );
    expect(done.text).toContain('silver key');
    const history = await onA.call<{ list: { role: string; text: string }[] }>(
      '/v3/ai/chat_history',
      { work_id: work.id, character: 'Mira', page: 1, limit: 20 },
      { session: reader },
    );
    expect(history.code, history.msg).toBe(1);
    expect(history.data!.list.some((turn) => turn.text === done.text)).toBe(true);
  });
});
