import { ApiCode, type WorkCard } from '@dm51/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSqlite } from '../../db/migrations/helpers.js';
import type { WorkRow } from '../../db/schema.js';
import { buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let alice: TestSession;
let bob: TestSession;
let watcher: TestSession;
let piece: WorkRow;
let summaryOnly: WorkRow;
let novel: WorkRow;

interface Found {
  list: WorkCard[];
  total: number;
}

const search = (keyword: string, extra: Record<string, unknown> = {}, session = alice) =>
  client.call<Found>('/v3/search/index', { keyword, ...extra }, { session });
const names = (result: { data: Found | null }) => result.data!.list.map((card) => card.name);
/** Searches by a user of their own, so that many keywords leave alice's recent searches alone. */
const look = (keyword: string, extra: Record<string, unknown> = {}) => search(keyword, extra, watcher);

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  alice = await client.initGuest();
  bob = await client.initGuest();
  watcher = await client.initGuest();
  // Check freshness before every search, so the lazy re-index is observable at once.
  ctx.app.services.search.freshnessIntervalMs = 0;
  await buildWork(ctx.db, null, {
    title: '进击的巨人',
    altTitles: ['Attack on Titan'],
    authors: ['谏山创'],
    tags: ['热血'],
    summary: 'Humanity fights giants behind walls.',
  });
  piece = await buildWork(ctx.db, null, {
    title: '海贼王',
    altTitles: ['One Piece'],
    authors: ['尾田荣一郎'],
    tags: ['冒险', '热血'],
    summary: '路飞的冒险故事。',
    viewsTotal: 100,
  });
  summaryOnly = await buildWork(ctx.db, null, {
    title: 'Walls',
    summary: 'A book about an attack on a titan city.',
  });
  novel = await buildWork(ctx.db, null, { type: 1, title: '巨人传', authors: ['Rabelais'] });
  await buildWork(ctx.db, null, { title: '巨人 hidden', published: 0 });
});
afterAll(async () => ctx.close());

describe('/v3/search/index', () => {
  it('finds a work by a Chinese substring of its title', async () => {
    expect(names(await search('巨人', { type: 0 }))).toEqual(['进击的巨人']);
    expect(names(await search('击的巨'))).toEqual(['进击的巨人']);
    expect(names(await search('巨人')).sort()).toEqual(['巨人传', '进击的巨人']);
  });

  it('finds by author, tag, alternative title (any case) and summary, titles ranked first', async () => {
    expect(names(await search('尾田'))).toEqual(['海贼王']);
    expect(names(await search('谏山创'))).toEqual(['进击的巨人']);
    expect(names(await search('热血'))).toEqual(['海贼王', '进击的巨人']);
    expect(names(await search('one PIECE'))).toEqual(['海贼王']);
    expect(names(await search('attack titan'))).toEqual(['进击的巨人', 'Walls']);
    expect(names(await search('冒险故事'))).toEqual(['海贼王']);
    expect(names(await search('rabelais', { type: 1 }))).toEqual(['巨人传']);
  });

  it('reads pinyin, initials, mixed input and either Chinese script', async () => {
    expect(names(await look('haizeiwang'))).toEqual(['海贼王']);
    expect(names(await look('hǎi zéi wáng'))).toEqual(['海贼王']);
    expect(names(await look('hzw'))[0]).toBe('海贼王');
    expect(names(await look('海zw'))).toEqual(['海贼王']);
    expect(names(await look('海賊王'))).toEqual(['海贼王']);
    expect(names(await look('進擊'))).toEqual(['进击的巨人']);
    expect(names(await look('jianshan'))).toEqual(['进击的巨人']);
  });

  it('corrects a word no work holds to the nearest indexed word, and says so in `suggestion`', async () => {
    const typo = await look('Atack on Titna');
    expect(typo.data).toMatchObject({ suggestion: 'attack on titan' });
    expect(names(typo)[0]).toBe('进击的巨人');
    // Typed so far: the last word is the start of one.
    expect(names(await look('attack on tita'))[0]).toBe('进击的巨人');
    expect((await look('attack on titan')).data).not.toHaveProperty('suggestion');
    // Too far from any word: nothing, and nothing suggested.
    expect((await look('xqzvw')).data).toEqual({ list: [], total: 0 });
  });

  it('suggests titles and authors as the reader types (/v3/search/suggest)', async () => {
    type Suggested = { list: { kind: string; id: number; type: number; text: string }[] };
    const suggest = (keyword: string, extra: Record<string, unknown> = {}) =>
      client.call<Suggested>('/v3/search/suggest', { keyword, ...extra }, { session: alice });
    expect((await suggest('jinji')).data!.list).toEqual([
      { kind: 'title', id: expect.any(Number), type: 0, text: '进击的巨人' },
    ]);
    expect((await suggest('謙山')).data!.list).toEqual([]);
    expect((await suggest('谏山')).data!.list).toEqual([
      { kind: 'author', id: expect.any(Number), type: -1, text: '谏山创' },
    ]);
    expect((await suggest('巨人')).data!.list.map((item) => item.text)).toEqual(['巨人传', '进击的巨人']);
    expect((await suggest('巨人', { type: 1 })).data!.list.map((item) => item.text)).toEqual(['巨人传']);
    // An author is offered where their works are: Rabelais writes novels only.
    expect((await suggest('rabel', { type: 1 })).data!.list.map((item) => item.text)).toEqual(['Rabelais']);
    expect((await suggest('rabel', { type: 0 })).data!.list).toEqual([]);
    expect((await suggest('a', { limit: 2 })).data!.list).toHaveLength(2);
    expect((await suggest('x'.repeat(65))).code).toBe(ApiCode.PARAMS_INVALID);
    expect((await suggest('a', { limit: 9 })).code).toBe(ApiCode.PARAMS_INVALID);
    // A new work is offered soon after it is published (built behind the kept suggestions).
    await buildWork(ctx.db, null, { title: 'Lighthouse Keeper', authors: ['Ida Lewis'] });
    await vi.waitFor(async () =>
      expect((await suggest('lighth')).data!.list.map((item) => item.text)).toEqual(['Lighthouse Keeper']),
    );
  });

  it('finds nothing for unrelated words, never unpublished works, and escapes LIKE wildcards', async () => {
    expect((await search('dragon')).data).toEqual({ list: [], total: 0 });
    expect(names(await search('hidden'))).toEqual([]);
    expect(names(await search('%'))).toEqual([]);
    expect(names(await search('_'))).toEqual([]);
  });

  it('matches short terms (under a trigram) as literal substrings, in any case', async () => {
    await buildWork(ctx.db, null, { title: 'X1Y2Z' });
    expect(names(await look('1y'))).toEqual(['X1Y2Z']);
    expect(names(await look('2Z x1'))).toEqual(['X1Y2Z']);
    // `_` is a character here, not LIKE's any-character.
    expect(names(await look('1_'))).toEqual([]);
  });

  it('pages ranked results', async () => {
    const first = await search('a', { limit: 1 });
    const second = await search('a', { limit: 1, page: 2 });
    expect(first.data!.total).toBeGreaterThanOrEqual(2);
    expect(first.data!.list[0]!.relate_id).not.toBe(second.data!.list[0]!.relate_id);
  });

  it('follows catalogue changes without being told (lazy re-index)', async () => {
    await search('海贼');
    await ctx.db.updateTable('works').set({ title: '航海王' }).where('id', '=', piece.id).execute();
    expect(names(await search('航海王'))).toEqual(['航海王']);
    expect(names(await search('海贼王'))).toEqual([]);
    const tag = await ctx.db
      .insertInto('tags')
      .values({ name: '少年漫画' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('work_tags').values({ work_id: summaryOnly.id, tag_id: tag.id }).execute();
    expect(names(await search('少年漫'))).toEqual(['Walls']);
    await ctx.db.updateTable('works').set({ published: 0 }).where('id', '=', novel.id).execute();
    expect(names(await search('巨人传'))).toEqual([]);
    await ctx.db.updateTable('works').set({ published: 1 }).where('id', '=', novel.id).execute();
    expect(names(await search('巨人传'))).toEqual(['巨人传']);
  });

  it('sees a catalogue change at once, and otherwise looks for changes at most once per interval', async () => {
    const service = ctx.app.services.search;
    const probes = vi.spyOn(service['search'], 'hasChanges');
    service.freshnessIntervalMs = 60_000;
    try {
      await search('walls');
      // The catalogue version moved (migration 0023): the change is looked for and found now.
      await ctx.db.updateTable('works').set({ title: 'Towers' }).where('id', '=', summaryOnly.id).execute();
      probes.mockClear();
      expect(names(await search('towers'))).toEqual(['Towers']);
      expect(probes).toHaveBeenCalledTimes(1);
      // Counters do not move the version: within the interval, no look at all.
      await ctx.db.updateTable('works').set({ views_total: 7 }).where('id', '=', summaryOnly.id).execute();
      expect(names(await search('walls'))).not.toContain('Towers');
      expect(names(await search('towers'))).toEqual(['Towers']);
      expect(probes).toHaveBeenCalledTimes(1);
    } finally {
      service.freshnessIntervalMs = 0;
      probes.mockRestore();
    }
  });

  it('drops kept pages and cards at once when a work changes or is unpublished', async () => {
    const service = ctx.app.services.search;
    service.freshnessIntervalMs = 60_000; // only the catalogue version can make it look now
    try {
      const work = await buildWork(ctx.db, null, { title: 'Lanterns', score: 7 });
      await look('lanterns');
      const first = (await look('lanterns')).data!.list[0]!;
      expect(first).toMatchObject({ name: 'Lanterns', score: 7 });
      await ctx.db.updateTable('works').set({ score_x10: 91, is_end: 1 }).where('id', '=', work.id).execute();
      expect((await look('lanterns')).data!.list[0]).toMatchObject({
        name: 'Lanterns',
        score: 9.1,
        isend: 1,
      });
      await ctx.db.updateTable('works').set({ published: 0 }).where('id', '=', work.id).execute();
      expect((await look('lanterns')).data).toEqual({ list: [], total: 0 });
    } finally {
      service.freshnessIntervalMs = 0;
    }
  });

  it('answers from the database while a large catalogue is indexed in memory, and sees a change at once', async () => {
    const service = ctx.app.services.search;
    const database = vi.spyOn(service['search'], 'search');
    const settings = {
      wait: service.memoryWaitMaxDocs,
      interval: service.memoryRebuildIntervalMs,
      ttl: service.resultTtlMs,
    };
    // As if the catalogue were too large to wait for: the build runs behind the searches.
    service.memoryWaitMaxDocs = 0;
    service.memoryRebuildIntervalMs = 0;
    service.resultTtlMs = 0;
    service.dropCaches();
    try {
      expect(names(await look('巨人')).sort()).toEqual(['巨人传', '进击的巨人']);
      expect(database).toHaveBeenCalled();
      await service['memoryBuild']?.done;
      service.memoryRebuildIntervalMs = 60_000;
      database.mockClear();
      expect(names(await look('巨人')).sort()).toEqual(['巨人传', '进击的巨人']);
      expect(database).not.toHaveBeenCalled();
      // A change: the index is stale and not rebuilt within the interval, so the database answers.
      await ctx.db.updateTable('works').set({ title: '巨人的陨落' }).where('id', '=', novel.id).execute();
      expect(names(await look('陨落'))).toEqual(['巨人的陨落']);
      expect(database).toHaveBeenCalled();
    } finally {
      await ctx.db.updateTable('works').set({ title: '巨人传' }).where('id', '=', novel.id).execute();
      service.memoryWaitMaxDocs = settings.wait;
      service.memoryRebuildIntervalMs = settings.interval;
      service.resultTtlMs = settings.ttl;
      service.dropCaches();
      database.mockRestore();
    }
  });

  it('answers the total past the last page', async () => {
    const first = await look('a', { limit: 1 });
    expect((await look('a', { limit: 1, page: 500 })).data).toEqual({ list: [], total: first.data!.total });
  });

  it('re-indexes only after a catalogue change, found through the change markers', async () => {
    const service = ctx.app.services.search;
    const marks = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from search_changes`.execute(ctx.db)).rows[0]!.n);
    const refreshes = vi.spyOn(service, 'refreshIndex');
    service.fullCheckIntervalMs = Infinity; // no safety-net comparison: only markers re-index
    try {
      await look('巨人');
      expect(await marks()).toBe(0);
      refreshes.mockClear();
      // Counters are not indexed: no marker, no comparison, and the cached page is reused.
      await ctx.db.updateTable('works').set({ views_total: 5_000 }).where('id', '=', novel.id).execute();
      expect(await marks()).toBe(0);
      expect(names(await look('巨人'))).toEqual(['巨人传', '进击的巨人']);
      expect(refreshes).not.toHaveBeenCalled();

      const renamed = await buildWork(ctx.db, null, { title: 'Plain', authors: ['Someone'], tags: ['kw'] });
      expect(await marks()).toBeGreaterThan(0);
      expect(names(await look('plain'))).toEqual(['Plain']);
      expect(await marks()).toBe(0);
      const edit = (set: { title?: string; alt_titles?: string; summary?: string; published?: number }) =>
        ctx.db.updateTable('works').set(set).where('id', '=', renamed.id).execute();
      await edit({ title: '巨人 Plain' });
      expect(names(await look('巨人'))).toEqual(['巨人传', '巨人 Plain', '进击的巨人']);
      await edit({ alt_titles: JSON.stringify(['Giant Plains']) });
      expect(names(await look('giant plains'))).toEqual(['巨人 Plain']);
      await edit({ summary: 'A quiet meadow.' });
      expect(names(await look('meadow'))).toEqual(['巨人 Plain']);
      const author = await ctx.db
        .insertInto('authors')
        .values({ name: '新作者' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.deleteFrom('work_authors').where('work_id', '=', renamed.id).execute();
      await ctx.db.insertInto('work_authors').values({ work_id: renamed.id, author_id: author.id }).execute();
      expect(names(await look('新作者'))).toEqual(['巨人 Plain']);
      expect(names(await look('someone'))).toEqual([]);
      await ctx.db.deleteFrom('work_tags').where('work_id', '=', renamed.id).execute();
      expect(names(await look('巨人 kw'))).toEqual([]);
      await edit({ published: 0 });
      expect(names(await look('巨人'))).toEqual(['巨人传', '进击的巨人']);
      await edit({ published: 1 });
      expect(names(await look('巨人'))).toEqual(['巨人传', '巨人 Plain', '进击的巨人']);
      await ctx.db.deleteFrom('works').where('id', '=', renamed.id).execute();
      expect(names(await look('巨人'))).toEqual(['巨人传', '进击的巨人']);
      expect(names(await look('meadow'))).toEqual([]);
    } finally {
      service.fullCheckIntervalMs = 60_000;
      refreshes.mockRestore();
    }
  });

  it('still compares everything once per full-check interval, markers or not', async () => {
    const service = ctx.app.services.search;
    service.fullCheckIntervalMs = 0;
    try {
      await look('walls');
      // A write the triggers cannot see (as if made with them disabled).
      await ctx.db.updateTable('works').set({ title: 'Ramparts' }).where('id', '=', summaryOnly.id).execute();
      await sql`delete from search_changes`.execute(ctx.db);
      expect(names(await look('ramparts'))).toEqual(['Ramparts']);
    } finally {
      service.fullCheckIntervalMs = 60_000;
    }
  });

  it('indexes works far apart in id, a pass taking the works a window of ids at a time', async () => {
    // 45,000 lies three windows of 20,000 ids past the others.
    await buildWork(ctx.db, null, { id: 45_000, title: '远方的灯塔', authors: ['林远'] });
    expect(names(await look('灯塔'))).toEqual(['远方的灯塔']);
    expect(names(await look('dengta'))).toEqual(['远方的灯塔']);
  });

  it('rebuilds documents built by an older version of the search forms', async () => {
    const service = ctx.app.services.search;
    service.fullCheckIntervalMs = 0;
    try {
      await look('巨人传');
      // As a document indexed before pinyin lines: no pinyin, the old version number.
      await ctx.db
        .updateTable('search_documents')
        .set({ forms_version: 0, title_text: '巨人传', body: '巨人传' })
        .where('work_id', '=', novel.id)
        .execute();
      if (isSqlite(ctx.db)) await sql`delete from search_fts where rowid = ${novel.id}`.execute(ctx.db);
      expect(names(await look('jurenzhuan'))).toEqual(['巨人传']);
    } finally {
      service.fullCheckIntervalMs = 60_000;
    }
  });

  it('refuses empty and overlong keywords', async () => {
    expect((await search('   ')).code).toBe(ApiCode.PARAMS_INVALID);
    expect((await search('x'.repeat(65))).code).toBe(ApiCode.PARAMS_INVALID);
  });
});

describe('recent and popular searches', () => {
  it('keeps each user’s recent keywords newest first and clears them', async () => {
    const carol = await client.initGuest();
    await search('进击', {}, carol);
    await search('Titan', {}, carol);
    await search('进击', {}, carol);
    await search('进击', { page: 2 }, carol);
    await search('進擊', {}, carol);
    const recent = await client.call<{ list: { keyword: string }[] }>(
      '/v3/search/history',
      {},
      { session: carol },
    );
    // Kept in the script the reader typed, though both find the same works.
    expect(recent.data!.list.map((item) => item.keyword)).toEqual(
      expect.arrayContaining(['進擊', '进击', 'titan']),
    );
    expect(recent.data!.list).toHaveLength(3);
    expect(
      (await client.call<{ list: unknown[] }>('/v3/search/history', {}, { session: bob })).data!.list,
    ).toEqual([]);
    await client.call('/v3/search/history_clear', {}, { session: carol });
    expect(
      (await client.call<{ list: unknown[] }>('/v3/search/history', {}, { session: carol })).data!.list,
    ).toEqual([]);
  });

  it('ranks popular keywords by distinct users, leaving out searches that found nothing', async () => {
    for (const user of [alice, bob]) await search('尾田', {}, user);
    await search('尾田', {}, alice);
    await search('nothing-at-all', {}, bob);
    const hot = await client.call<{ list: { keyword: string; count: number }[] }>(
      '/v3/search/hot',
      { limit: 50 },
      { session: bob },
    );
    const odas = hot.data!.list.find((item) => item.keyword === '尾田');
    expect(odas!.count).toBe(2);
    expect(hot.data!.list[0]!.count).toBeGreaterThanOrEqual(2);
    expect(hot.data!.list.map((item) => item.keyword)).not.toContain('nothing-at-all');
  });
});

it('sends identical searches within the cache window the same sealed page, and a fresh one after a change', async () => {
  const raw = async () => {
    const body = `data=${client.envelope.seal({ ...client.mergedFields(watcher), keyword: '巨人', page: 2, limit: 1 })}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v3/search/index',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return response.json<{ code: number; data: string }>();
  };
  const first = await raw();
  expect(first.code).toBe(1);
  // Checked, serialised and sealed once: the second search gets the very same bytes.
  expect((await raw()).data).toBe(first.data);
  const page = client.envelope.open(first.data) as Found;
  await ctx.db
    .updateTable('works')
    .set({ title: `${page.list[0]!.name} 改` })
    .where('id', '=', page.list[0]!.relate_id)
    .execute();
  const changed = await raw();
  expect(changed.data).not.toBe(first.data);
  expect((client.envelope.open(changed.data) as Found).list[0]!.name).toBe(`${page.list[0]!.name} 改`);
});
