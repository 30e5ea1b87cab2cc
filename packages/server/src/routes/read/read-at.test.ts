/**
 * `read_at` on the place saves: a place saved offline and sent late (older time) never replaces a
 * newer one, the history is ordered by the kept time, and saves without it behave as before.
 */
import type { HistoryItem, WorkDetail } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../../db/schema.js';
import { buildChapter, buildNovelChapter, buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let reader: TestSession;
let comic: WorkRow;
let novel: WorkRow;
let anime: WorkRow;
const comicChapters: ChapterRow[] = [];
let novelChapter: ChapterRow;
const episodes: ChapterRow[] = [];

const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  reader = await client.initGuest();
  comic = await buildWork(ctx.db, null, { title: 'Comic' });
  for (let i = 0; i < 3; i += 1) comicChapters.push(await buildChapter(ctx.db, { workId: comic.id }));
  novel = await buildWork(ctx.db, null, { type: 1, title: 'Novel' });
  novelChapter = await buildNovelChapter(ctx.db, { workId: novel.id });
  anime = await buildWork(ctx.db, null, { type: 2, title: 'Anime' });
  for (let i = 0; i < 2; i += 1) episodes.push(await buildChapter(ctx.db, { workId: anime.id }));
});
afterAll(async () => ctx.close());

async function placeOf(workId: number) {
  return ctx.db
    .selectFrom('reading_history')
    .select(['chapter_id', 'page_index', 'position', 'updated_time', 'read_at_ms'])
    .where('user_id', '=', reader.userId)
    .where('work_id', '=', workId)
    .executeTakeFirstOrThrow();
}

async function historyNames(): Promise<string[]> {
  const history = await client.call<{ list: HistoryItem[] }>('/v3/read/index', {}, { session: reader });
  return history.data!.list.map((item) => item.name);
}

describe('read_at on /v3/read/add, /v3/book_read/add and /v3/anime/progress', () => {
  it('keeps the newer comic place when an older one arrives after it', async () => {
    const now = Date.now();
    const newer = await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[2]!.id, page_index: 9, read_at: now - MINUTE },
      { session: reader },
    );
    expect(newer.code).toBe(1);
    // A place reached earlier, queued offline and sent now: answered OK (so the queue drops it)…
    const late = await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[0]!.id, page_index: 3, read_at: now - 10 * MINUTE },
      { session: reader },
    );
    expect(late.code).toBe(1);
    // …but the reader still continues from the newer place.
    const detail = await client.call<WorkDetail>('/v3/comic/details', { id: comic.id }, { session: reader });
    expect(detail.data!.read).toMatchObject({ chapter_id: comicChapters[2]!.id, page_index: 9 });
    expect(await placeOf(comic.id)).toMatchObject({
      read_at_ms: now - MINUTE,
      updated_time: Math.floor((now - MINUTE) / 1000),
    });
  });

  it('keeps the newer novel position the same way', async () => {
    const now = Date.now();
    for (const [position, readAt] of [
      [800, now - 2 * MINUTE],
      [200, now - 5 * MINUTE],
    ] as const) {
      await client.call(
        '/v3/book_read/add',
        { id: novel.id, chapter_id: novelChapter.id, position, read_at: readAt },
        { session: reader },
      );
    }
    const detail = await client.call<WorkDetail>('/v3/book/details', { id: novel.id }, { session: reader });
    expect(detail.data!.read).toMatchObject({ position: 800 });
  });

  it('keeps the newer watch place across episodes of an anime', async () => {
    const now = Date.now();
    await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[1]!.id, position_s: 30, duration_s: 120, read_at: now - MINUTE },
      { session: reader },
    );
    const late = await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[0]!.id, position_s: 90, duration_s: 120, read_at: now - 3 * MINUTE },
      { session: reader },
    );
    expect(late.code).toBe(1);
    expect(await placeOf(anime.id)).toMatchObject({ chapter_id: episodes[1]!.id, position: 30 });
    // A later position of the same episode replaces it.
    await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[1]!.id, position_s: 45, duration_s: 120, read_at: now - MINUTE + 1 },
      { session: reader },
    );
    expect(await placeOf(anime.id)).toMatchObject({ chapter_id: episodes[1]!.id, position: 45 });
  });

  it('orders the history by the kept time, not by when the save arrived', async () => {
    const now = Date.now();
    await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[1]!.id, read_at: now - 30 * MINUTE + 1 },
      { session: reader },
    );
    await client.call(
      '/v3/book_read/add',
      { id: novel.id, chapter_id: novelChapter.id, position: 900, read_at: now - 20_000 },
      { session: reader },
    );
    await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[1]!.id, position_s: 50, read_at: now - 40_000 },
      { session: reader },
    );
    // The comic save above was older than its stored place, so the comic keeps its old time.
    expect(await historyNames()).toEqual(['Novel', 'Anime', 'Comic']);
  });

  it('keeps a time slightly ahead (a clock a little fast) as sent', async () => {
    const ahead = Date.now() + 2 * MINUTE;
    await client.call(
      '/v3/book_read/add',
      { id: novel.id, chapter_id: novelChapter.id, position: 950, read_at: ahead },
      { session: reader },
    );
    expect(await placeOf(novel.id)).toMatchObject({ position: 950, read_at_ms: ahead });
    // Put it back a little in the past for the next tests.
    await ctx.db
      .updateTable('reading_history')
      .set({ read_at_ms: Date.now() - 20_000, updated_time: Math.floor((Date.now() - 20_000) / 1000) })
      .where('user_id', '=', reader.userId)
      .where('work_id', '=', novel.id)
      .execute();
  });

  it('takes a time far in the future as now, so it cannot hold the place against later saves', async () => {
    const before = Date.now();
    await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[0]!.id, page_index: 1, read_at: before + 24 * 60 * MINUTE },
      { session: reader },
    );
    const kept = await placeOf(comic.id);
    expect(Number(kept.read_at_ms)).toBeGreaterThanOrEqual(before);
    expect(Number(kept.read_at_ms)).toBeLessThanOrEqual(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 5));
    await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[2]!.id, page_index: 4 },
      { session: reader },
    );
    expect(await placeOf(comic.id)).toMatchObject({ chapter_id: comicChapters[2]!.id, page_index: 4 });
    expect(await historyNames()).toEqual(['Comic', 'Novel', 'Anime']);
  });

  it('saves without read_at as before: now, replacing the place', async () => {
    const before = Date.now();
    await client.call(
      '/v3/book_read/add',
      { id: novel.id, chapter_id: novelChapter.id, position: 5 },
      { session: reader },
    );
    const kept = await placeOf(novel.id);
    expect(kept.position).toBe(5);
    expect(Number(kept.read_at_ms)).toBeGreaterThanOrEqual(before);
    expect(Number(kept.updated_time)).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(await historyNames()).toEqual(['Novel', 'Comic', 'Anime']);
  });

  it('refuses a read_at that is not a time', async () => {
    for (const readAt of [-1, 'soon', 1.5]) {
      const answer = await client.call(
        '/v3/read/add',
        { id: comic.id, chapter_id: comicChapters[0]!.id, read_at: readAt },
        { session: reader },
      );
      expect(answer.code).not.toBe(1);
    }
    expect((await placeOf(comic.id)).chapter_id).toBe(comicChapters[2]!.id);
  });
});
