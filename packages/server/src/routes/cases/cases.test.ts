import { ApiCode, type ShelfItem, type WorkDetail } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { buildChapter, buildNovelChapter, buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let alice: TestSession;
let bob: TestSession;
let comics: WorkRow[];
let novel: WorkRow;

interface Shelf {
  list: ShelfItem[];
  total: number;
}

const favorites = async (id: number) =>
  (await ctx.db.selectFrom('works').select('favorites_total').where('id', '=', id).executeTakeFirstOrThrow())
    .favorites_total;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  alice = await client.initGuest();
  bob = await client.initGuest();
  comics = [];
  for (const title of ['One', 'Two', 'Three']) {
    const work = await buildWork(ctx.db, null, { title });
    await buildChapter(ctx.db, { workId: work.id });
    comics.push(work);
  }
  novel = await buildWork(ctx.db, null, { type: 1, title: 'Novel' });
  await buildNovelChapter(ctx.db, { workId: novel.id });
});
afterAll(async () => ctx.close());

describe('comic favourites (/v3/cases/*)', () => {
  it('adds idempotently, counts once, and shows the favourite on the detail', async () => {
    const first = await client.call('/v3/cases/add/comic', { id: comics[0]!.id }, { session: alice });
    expect(first.data).toEqual({ is_favorite: 1, favorites: 1 });
    const again = await client.call('/v3/cases/add/comic', { id: comics[0]!.id }, { session: alice });
    expect(again.data).toEqual({ is_favorite: 1, favorites: 1 });
    const detail = await client.call<WorkDetail>(
      '/v3/comic/details',
      { id: comics[0]!.id },
      { session: alice },
    );
    expect(detail.data!.is_favorite).toBe(1);
    const bobsView = await client.call<WorkDetail>(
      '/v3/comic/details',
      { id: comics[0]!.id },
      { session: bob },
    );
    expect(bobsView.data!.is_favorite).toBe(0);
  });

  it('lists the shelf newest first, paged, with the reading place', async () => {
    await client.call('/v3/cases/add/comic', { id: comics[1]!.id }, { session: alice });
    await ctx.db
      .updateTable('favorites')
      .set({ added_time: 1000 })
      .where('work_id', '=', comics[0]!.id)
      .execute();
    const chapter = await ctx.db
      .selectFrom('chapters')
      .select('id')
      .where('work_id', '=', comics[1]!.id)
      .executeTakeFirstOrThrow();
    await client.call(
      '/v3/read/add',
      { id: comics[1]!.id, chapter_id: chapter.id, page_index: 4, percent: 50 },
      { session: alice },
    );
    const shelf = await client.call<Shelf>('/v3/cases/index', { page: 1, limit: 1 }, { session: alice });
    expect(shelf.data!.total).toBe(2);
    expect(shelf.data!.list).toHaveLength(1);
    expect(shelf.data!.list[0]).toMatchObject({
      name: 'Two',
      read: { chapter_id: chapter.id, page_index: 4, percent: 50 },
      has_update: 0,
    });
    const page2 = await client.call<Shelf>('/v3/cases/index', { page: 2, limit: 1 }, { session: alice });
    expect(page2.data!.list[0]).toMatchObject({ name: 'One', read: null, addtime: 1000, has_update: 1 });
    expect((await client.call<Shelf>('/v3/cases/index', {}, { session: bob })).data).toEqual({
      list: [],
      total: 0,
    });
  });

  it("refuses unknown works and novels, and deleting someone else's favourite changes nothing", async () => {
    expect((await client.call('/v3/cases/add/comic', { id: novel.id }, { session: alice })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    expect((await client.call('/v3/cases/add/comic', { id: 999_999 }, { session: alice })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    const byBob = await client.call(
      '/v3/cases/del',
      { ids: [comics[0]!.id, comics[1]!.id] },
      { session: bob },
    );
    expect(byBob.data).toEqual({ deleted: 0 });
    expect((await client.call<Shelf>('/v3/cases/index', {}, { session: alice })).data!.total).toBe(2);
    expect(await favorites(comics[0]!.id)).toBe(1);
  });

  it('batch deletes the owner’s favourites and keeps favorites_total right', async () => {
    await client.call('/v3/cases/add/comic', { id: comics[0]!.id }, { session: bob });
    expect(await favorites(comics[0]!.id)).toBe(2);
    const result = await client.call(
      '/v3/cases/del',
      { ids: [comics[0]!.id, comics[1]!.id, comics[2]!.id, comics[0]!.id] },
      { session: alice },
    );
    expect(result.data).toEqual({ deleted: 2 });
    expect((await client.call<Shelf>('/v3/cases/index', {}, { session: alice })).data!.total).toBe(0);
    expect(await favorites(comics[0]!.id)).toBe(1);
    expect(await favorites(comics[1]!.id)).toBe(0);
  });

  it('refuses malformed ids', async () => {
    for (const ids of [[], 'all', [0], ['x']]) {
      expect((await client.call('/v3/cases/del', { ids }, { session: alice })).code).toBe(
        ApiCode.PARAMS_INVALID,
      );
    }
  });
});

describe('novel favourites (/v3/book_cases/*)', () => {
  it('keeps novels on their own shelf', async () => {
    expect((await client.call('/v3/book_cases/add', { id: comics[0]!.id }, { session: alice })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
    expect((await client.call('/v3/book_cases/add', { id: novel.id }, { session: alice })).data).toEqual({
      is_favorite: 1,
      favorites: 1,
    });
    const shelf = await client.call<Shelf>('/v3/book_cases/index', {}, { session: alice });
    expect(shelf.data!.list.map((item) => item.name)).toEqual(['Novel']);
    expect((await client.call<Shelf>('/v3/cases/index', {}, { session: alice })).data!.total).toBe(0);
    // The comic shelf's delete does not touch novels.
    expect((await client.call('/v3/cases/del', { ids: [novel.id] }, { session: alice })).data).toEqual({
      deleted: 0,
    });
    expect((await client.call('/v3/book_cases/del', { ids: [novel.id] }, { session: alice })).data).toEqual({
      deleted: 1,
    });
    expect(await favorites(novel.id)).toBe(0);
  });
});
