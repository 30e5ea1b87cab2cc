import type { RankItem } from '@dm51/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { RankingRepository } from '../../repositories/ranking.repository.js';
import { dayOf, ViewCounter } from '../../services/view-counter.service.js';
import { buildChapter, buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let session: TestSession;
let works: WorkRow[];
const firstChapter = new Map<number, number>();

interface Ranking {
  list: RankItem[];
  total: number;
}

const rank = (payload: Record<string, unknown>) =>
  client.call<Ranking>('/v3/rank/index', payload, { session });
const today = () => dayOf(Math.floor(Date.now() / 1000));

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  session = await client.initGuest();
  works = [];
  for (const [title, score] of [
    ['Alpha', 7],
    ['Beta', 9],
    ['Gamma', 8],
  ] as const) {
    const work = await buildWork(ctx.db, null, { title, score });
    firstChapter.set(work.id, (await buildChapter(ctx.db, { workId: work.id })).id);
    works.push(work);
  }
});
afterAll(async () => ctx.close());

describe('buffered view counting', () => {
  it('turns 1000 views into one flush of a few statements, with exact totals', async () => {
    const repository = new RankingRepository(ctx.db);
    const counter = new ViewCounter(repository, pino({ level: 'silent' }));
    const [a, b, c] = works.map((work) => work.id) as [number, number, number];
    for (let i = 0; i < 1000; i += 1) counter.count(i % 10 === 0 ? a : i % 2 === 0 ? b : c);
    expect(counter.pendingViews).toBe(1000);
    const before = await ctx.db.selectFrom('work_stats_daily').selectAll().execute();
    expect(before).toEqual([]);

    await counter.flush();
    // One multi-row upsert of the roll-up plus one views_total update per work.
    expect(repository.writes).toBe(4);
    expect(counter.pendingViews).toBe(0);
    const totals = await ctx.db
      .selectFrom('works')
      .select(['id', 'views_total'])
      .where('id', 'in', [a, b, c])
      .orderBy('id')
      .execute();
    expect(totals.map((row) => Number(row.views_total))).toEqual([100, 400, 500]);
    const daily = await ctx.db
      .selectFrom('work_stats_daily')
      .select(['work_id', 'day', 'views'])
      .orderBy('work_id')
      .execute();
    expect(daily.map((row) => [row.work_id, row.day, Number(row.views)])).toEqual([
      [a, today(), 100],
      [b, today(), 400],
      [c, today(), 500],
    ]);

    await counter.flush();
    expect(repository.writes).toBe(4);
    // Clean the slate for the ranking tests.
    await ctx.db.deleteFrom('work_stats_daily').execute();
    await ctx.db.updateTable('works').set({ views_total: 0 }).execute();
  });

  it('ignores views of works deleted before the flush', async () => {
    const repository = new RankingRepository(ctx.db);
    const counter = new ViewCounter(repository, pino({ level: 'silent' }));
    counter.count(987_654);
    await counter.flush();
    expect(counter.pendingViews).toBe(0);
  });
});

describe('/v3/rank/index', () => {
  it('changes order after views are read and flushed', async () => {
    const before = await rank({ by: 'views', period: 'day' });
    expect(before.data).toEqual({ list: [], total: 0 });
    const gamma = works[2]!;
    for (let i = 0; i < 3; i += 1)
      await client.call('/v3/comic/read', { chapter_id: firstChapter.get(gamma.id) }, { session });
    await client.call('/v3/comic/read', { chapter_id: firstChapter.get(works[0]!.id) }, { session });
    // Reads are buffered: nothing is written until the counter flushes.
    expect((await rank({ by: 'views', period: 'day' })).data!.total).toBe(0);
    await ctx.app.services.views.flush();
    const day = await rank({ by: 'views', period: 'day' });
    expect(day.data!.list.map((item) => [item.name, item.rank, item.value])).toEqual([
      ['Gamma', 1, 3],
      ['Alpha', 2, 1],
    ]);
    const all = await rank({ by: 'views', period: 'all' });
    expect(all.data!.list.map((item) => item.name)).toEqual(['Gamma', 'Alpha', 'Beta']);

    for (let i = 0; i < 5; i += 1)
      await client.call('/v3/comic/read', { chapter_id: firstChapter.get(works[0]!.id) }, { session });
    await ctx.app.services.views.flush();
    expect((await rank({ by: 'views', period: 'week' })).data!.list.map((item) => item.name)).toEqual([
      'Alpha',
      'Gamma',
    ]);
  });

  it('windows the roll-up: views older than the period do not count', async () => {
    const beta = works[1]!;
    await ctx.db
      .insertInto('work_stats_daily')
      .values({ work_id: beta.id, day: today() - 10, views: 1000, favorites: 0 })
      .execute();
    expect((await rank({ by: 'views', period: 'week' })).data!.list.map((item) => item.name)).toEqual([
      'Alpha',
      'Gamma',
    ]);
    expect((await rank({ by: 'views', period: 'month' })).data!.list[0]!.name).toBe('Beta');
  });

  it('ranks by score (all time: every work; periods: works read in it) and by favourites added', async () => {
    expect(
      (await rank({ by: 'score', period: 'all' })).data!.list.map((item) => [item.name, item.value]),
    ).toEqual([
      ['Beta', 90],
      ['Gamma', 80],
      ['Alpha', 70],
    ]);
    expect((await rank({ by: 'score', period: 'day' })).data!.list.map((item) => item.name)).toEqual([
      'Gamma',
      'Alpha',
    ]);
    await client.call('/v3/cases/add/comic', { id: works[1]!.id }, { session });
    const favs = await rank({ by: 'favorites', period: 'week' });
    expect(favs.data!.list.map((item) => [item.name, item.value])).toEqual([['Beta', 1]]);
    expect((await rank({ by: 'favorites', period: 'all', limit: 1 })).data).toMatchObject({
      total: 3,
      list: [{ name: 'Beta' }],
    });
  });

  it('leaves works nobody rated out of the top rated list, not out of the others', async () => {
    await buildWork(ctx.db, null, { title: 'Unrated', score: 0 });
    const names = async (by: string) =>
      (await rank({ by, period: 'all', limit: 10 })).data!.list.map((item) => item.name);
    expect(await names('score')).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await names('views')).toContain('Unrated');
  });

  it('refuses unknown orders and periods', async () => {
    expect((await rank({ by: 'likes' })).code).toBe(1005);
    expect((await rank({ period: 'year' })).code).toBe(1005);
    expect((await rank({ type: 7 })).code).toBe(1005);
  });
});
