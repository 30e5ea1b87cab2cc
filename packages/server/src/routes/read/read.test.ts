import { ApiCode, type HistoryItem, type WorkDetail } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../../db/schema.js';
import { buildChapter, buildNovelChapter, buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let alice: TestSession;
let bob: TestSession;
let comic: WorkRow;
let other: WorkRow;
let novel: WorkRow;
const comicChapters: ChapterRow[] = [];
let novelChapter: ChapterRow;
let otherChapter: ChapterRow;

interface History {
  list: HistoryItem[];
  total: number;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  alice = await client.initGuest();
  bob = await client.initGuest();
  comic = await buildWork(ctx.db, null, { title: 'Comic' });
  for (let i = 0; i < 4; i += 1) comicChapters.push(await buildChapter(ctx.db, { workId: comic.id }));
  other = await buildWork(ctx.db, null, { title: 'Other comic' });
  otherChapter = await buildChapter(ctx.db, { workId: other.id });
  novel = await buildWork(ctx.db, null, { type: 1, title: 'Novel' });
  novelChapter = await buildNovelChapter(ctx.db, { workId: novel.id });
});
afterAll(async () => ctx.close());

describe('/v3/read/add and /v3/book_read/add', () => {
  it('saves one place per work, replacing the previous one', async () => {
    await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[0]!.id, page_index: 2, percent: 10 },
      { session: alice },
    );
    const saved = await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: comicChapters[2]!.id, page_index: 7, percent: 50 },
      { session: alice },
    );
    expect(saved).toMatchObject({ code: 1, data: {} });
    const detail = await client.call<WorkDetail>('/v3/comic/details', { id: comic.id }, { session: alice });
    expect(detail.data!.read).toMatchObject({
      chapter_id: comicChapters[2]!.id,
      chapter_name: '第3话',
      chapter_sort: 2,
      page_index: 7,
      percent: 50,
    });
    const rows = await ctx.db
      .selectFrom('reading_history')
      .selectAll()
      .where('user_id', '=', alice.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('saves a novel position', async () => {
    const saved = await client.call(
      '/v3/book_read/add',
      { id: novel.id, chapter_id: novelChapter.id, position: 1234, percent: 40 },
      { session: alice },
    );
    expect(saved.code).toBe(1);
    const detail = await client.call<WorkDetail>('/v3/book/details', { id: novel.id }, { session: alice });
    expect(detail.data!.read).toMatchObject({ chapter_id: novelChapter.id, position: 1234, percent: 40 });
  });

  it('refuses a chapter of another work, of the other type, and bad values', async () => {
    const cases: [string, Record<string, unknown>, number][] = [
      ['/v3/read/add', { id: comic.id, chapter_id: otherChapter.id }, ApiCode.CONTENT_NOT_FOUND],
      ['/v3/read/add', { id: novel.id, chapter_id: novelChapter.id }, ApiCode.CONTENT_NOT_FOUND],
      ['/v3/book_read/add', { id: comic.id, chapter_id: comicChapters[0]!.id }, ApiCode.CONTENT_NOT_FOUND],
      [
        '/v3/read/add',
        { id: comic.id, chapter_id: comicChapters[0]!.id, percent: 101 },
        ApiCode.PARAMS_INVALID,
      ],
      [
        '/v3/read/add',
        { id: comic.id, chapter_id: comicChapters[0]!.id, page_index: -1 },
        ApiCode.PARAMS_INVALID,
      ],
      ['/v3/book_read/add', { id: novel.id, chapter_id: 'x' }, ApiCode.PARAMS_INVALID],
    ];
    for (const [path, payload, code] of cases)
      expect((await client.call(path, payload, { session: alice })).code).toBe(code);
    const detail = await client.call<WorkDetail>('/v3/comic/details', { id: comic.id }, { session: alice });
    expect(detail.data!.read!.chapter_id).toBe(comicChapters[2]!.id);
  });
});

describe('/v3/read/index', () => {
  it('lists newest first with progress, by type, and only the caller’s own', async () => {
    await ctx.db
      .updateTable('reading_history')
      .set({ updated_time: 100 })
      .where('work_id', '=', novel.id)
      .execute();
    const all = await client.call<History>('/v3/read/index', {}, { session: alice });
    expect(all.data!.list.map((item) => item.name)).toEqual(['Comic', 'Novel']);
    // Chapter 3 of 4 at 50 %: (2 + 0.5) / 4.
    expect(all.data!.list[0]).toMatchObject({ progress: 63, read: { page_index: 7 } });
    const novels = await client.call<History>('/v3/read/index', { type: 1 }, { session: alice });
    expect(novels.data!.list.map((item) => item.name)).toEqual(['Novel']);
    expect((await client.call<History>('/v3/read/index', {}, { session: bob })).data).toEqual({
      list: [],
      total: 0,
    });
    const paged = await client.call<History>('/v3/read/index', { page: 2, limit: 1 }, { session: alice });
    expect(paged.data).toMatchObject({ total: 2, list: [{ name: 'Novel' }] });
    expect((await client.call('/v3/read/index', { limit: 101 }, { session: alice })).code).toBe(
      ApiCode.PARAMS_INVALID,
    );
  });

  it('removes entries by id (own only) and clears all', async () => {
    await client.call('/v3/read/add', { id: other.id, chapter_id: otherChapter.id }, { session: bob });
    expect(
      (await client.call('/v3/read/del', { ids: [other.id, comic.id] }, { session: alice })).data,
    ).toEqual({ deleted: 1 });
    expect((await client.call<History>('/v3/read/index', {}, { session: bob })).data!.total).toBe(1);
    expect((await client.call('/v3/read/del', { all: 1 }, { session: alice })).data).toEqual({ deleted: 1 });
    expect((await client.call<History>('/v3/read/index', {}, { session: alice })).data!.total).toBe(0);
    expect((await client.call<History>('/v3/read/index', {}, { session: bob })).data!.total).toBe(1);
  });
});
