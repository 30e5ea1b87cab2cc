/**
 * A work's detail, its chapter list, the history and the shelf keep what every reader sees per
 * work under the catalogue version: each reader still gets only their own state, and a change
 * made in the console or straight in the database is seen by the very next call.
 */
import { ApiCode, type ChapterItem, type HistoryItem, type ShelfItem, type WorkDetail } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../../db/schema.js';
import { signedIn, adminRequest, type OperatorSession } from '../../testing/admin-harness.js';
import { buildChapter, buildWork, makeVip } from '../../testing/catalogue-factory.js';
import { topUp } from '../../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

interface Paged<T> {
  list: T[];
  total: number;
}

let ctx: TestApp;
let client: TestClient;
let operator: OperatorSession;
let alice: TestSession;
let bob: TestSession;
let comic: WorkRow;
let chapters: ChapterRow[];

const detailOf = (session: TestSession, id = comic.id) =>
  client.call<WorkDetail>('/v3/comic/details', { id }, { session });
const chaptersOf = (session: TestSession, id = comic.id) =>
  client.call<Paged<ChapterItem>>('/v3/comic/chapters', { id, limit: 100 }, { session });
const historyOf = (session: TestSession, page = 1) =>
  client.call<Paged<HistoryItem>>('/v3/read/index', { page }, { session });
const shelfOf = (session: TestSession, page = 1) =>
  client.call<Paged<ShelfItem>>('/v3/cases/index', { page }, { session });

/** A registered reader (buying needs one) with `coins` paid coins. */
async function readerWith(coins: number): Promise<TestSession> {
  const guest = await client.initGuest();
  await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', guest.userId).execute();
  if (coins > 0) await topUp(ctx.db, ctx.app.services.money, guest.userId, { coins });
  return { ...guest, isGuest: false };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  operator = await signedIn(ctx.app, 'admin');
  alice = await readerWith(100);
  bob = await readerWith(0);
  comic = await buildWork(ctx.db, null, {
    title: 'Kept comic',
    authors: ['First Author'],
    tags: ['kept'],
    categories: ['Adventure'],
  });
  // Free, coins (10), VIP.
  chapters = [
    await buildChapter(ctx.db, { workId: comic.id }),
    await buildChapter(ctx.db, { workId: comic.id, pay: 1, priceCoins: 10 }),
    await buildChapter(ctx.db, { workId: comic.id, pay: 2 }),
  ];
});
afterAll(async () => ctx.close());

describe('a work detail kept per work', () => {
  it('answers each reader their own favourite and reading place, and the counts as they are now', async () => {
    // Bob's call first, so alice's answers come from what his call kept.
    expect((await detailOf(bob)).data).toMatchObject({ is_favorite: 0, read: null, favorites: 0 });
    await client.call('/v3/cases/add/comic', { id: comic.id }, { session: alice });
    await client.call(
      '/v3/read/add',
      { id: comic.id, chapter_id: chapters[0]!.id, percent: 30 },
      { session: alice },
    );
    const alices = (await detailOf(alice)).data!;
    expect(alices).toMatchObject({ is_favorite: 1, favorites: 1, read: { chapter_id: chapters[0]!.id } });
    const bobs = (await detailOf(bob)).data!;
    expect(bobs).toMatchObject({ is_favorite: 0, read: null, favorites: 1 });
    expect(bobs.name).toBe('Kept comic');
    expect(bobs.first_chapter_id).toBe(chapters[0]!.id);
  });

  it('shows a title, an author and a category changed in the console or the database at once', async () => {
    await detailOf(alice);
    await ctx.db.updateTable('works').set({ title: 'Renamed comic' }).where('id', '=', comic.id).execute();
    await ctx.db
      .updateTable('authors')
      .set({ name: 'Second Author' })
      .where('name', '=', 'First Author')
      .execute();
    const renamed = (await detailOf(alice)).data!;
    expect(renamed.name).toBe('Renamed comic');
    expect(renamed.author).toBe('Second Author');
    expect(renamed.authors.map((a) => a.name)).toEqual(['Second Author']);

    // The console changes only the categories (no column of the work moves).
    const categories = await ctx.db
      .insertInto('categories')
      .values([
        { type: 0, name: 'Mystery', sort: 1 },
        { type: 0, name: 'Comedy', sort: 2 },
      ])
      .returning('id')
      .execute();
    const edit = await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: operator,
      body: { categoryIds: categories.map((c) => c.id) },
    });
    expect(edit.status).toBe(200);
    expect((await detailOf(alice)).data!.categories.map((c) => c.name)).toEqual(['Mystery', 'Comedy']);
  });

  it('refuses a work unpublished in the console at once, and shows it again once republished', async () => {
    await detailOf(bob);
    await chaptersOf(bob);
    const hide = await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: operator,
      body: { published: false },
    });
    expect(hide.status).toBe(200);
    expect((await detailOf(bob)).code).toBe(ApiCode.CONTENT_NOT_FOUND);
    expect((await chaptersOf(bob)).code).toBe(ApiCode.CONTENT_NOT_FOUND);
    await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: operator,
      body: { published: true },
    });
    expect((await detailOf(bob)).code).toBe(ApiCode.OK);
  });
});

describe('a chapter list kept per work', () => {
  it('locks and unlocks per reader: what one bought or VIP opens stays locked for the other', async () => {
    await chaptersOf(bob);
    const bought = await client.call(
      '/v3/comic/buy',
      { chapter_id: chapters[1]!.id, idempotency_key: `kept-${Date.now()}` },
      { session: alice },
    );
    expect(bought.code).toBe(ApiCode.OK);
    await makeVip(ctx.db, alice.userId);
    const state = (list: ChapterItem[]) => list.map((c) => [c.locked, c.unlocked]);
    expect(state((await chaptersOf(alice)).data!.list)).toEqual([
      [0, 0],
      [0, 1],
      [0, 0],
    ]);
    expect(state((await chaptersOf(bob)).data!.list)).toEqual([
      [0, 0],
      [1, 0],
      [1, 0],
    ]);
  });

  it('shows a chapter turned paid, a new price and a new chapter at once', async () => {
    await chaptersOf(bob);
    await ctx.db.updateTable('chapters').set({ pay: 2 }).where('id', '=', chapters[0]!.id).execute();
    expect((await chaptersOf(bob)).data!.list[0]).toMatchObject({ pay: 2, locked: 1 });

    const price = await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: operator,
      body: { chapterPrice: 25 },
    });
    expect(price.status).toBe(200);
    await ctx.db.updateTable('chapters').set({ price_coins: 0 }).where('id', '=', chapters[1]!.id).execute();
    expect((await chaptersOf(bob)).data!.list[1]).toMatchObject({ price_coins: 25, locked: 1 });

    const added = await buildChapter(ctx.db, { workId: comic.id });
    const list = (await chaptersOf(bob)).data!;
    expect(list.total).toBe(4);
    expect(list.list.at(-1)!.id).toBe(added.id);
  });
});

describe('history and shelf cards', () => {
  it('list only the reader’s own works and places, with the authors as they are now', async () => {
    const other = await buildWork(ctx.db, null, { title: 'Bob only', authors: ['Bob Author'] });
    const otherChapter = await buildChapter(ctx.db, { workId: other.id });
    await client.call('/v3/cases/add/comic', { id: other.id }, { session: bob });
    await client.call(
      '/v3/read/add',
      { id: other.id, chapter_id: otherChapter.id, percent: 50 },
      { session: bob },
    );
    // Alice read and favoured `comic` above; bob only `other` (his own place on it).
    const names = (page: { data?: Paged<{ name: string }> | null }) => page.data!.list.map((c) => c.name);
    expect(names(await historyOf(alice))).toEqual(['Renamed comic']);
    expect(names(await historyOf(bob))).toEqual(['Bob only']);
    expect(names(await shelfOf(alice))).toEqual(['Renamed comic']);
    const bobsShelf = (await shelfOf(bob)).data!;
    expect(bobsShelf.list.map((c) => [c.name, c.read?.chapter_id])).toEqual([['Bob only', otherChapter.id]]);
    expect((await shelfOf(alice)).data!.list[0]!.read?.chapter_id).toBe(chapters[0]!.id);

    await ctx.db
      .updateTable('authors')
      .set({ name: 'Bob Renamed' })
      .where('name', '=', 'Bob Author')
      .execute();
    expect((await historyOf(bob)).data!.list[0]!.author).toBe('Bob Renamed');
    expect((await shelfOf(bob)).data!.list[0]!.author).toBe('Bob Renamed');
  });

  it('count the total on a page past the end (chapter lists too)', async () => {
    expect((await historyOf(alice, 2)).data).toEqual({ list: [], total: 1 });
    expect((await shelfOf(bob, 2)).data).toEqual({ list: [], total: 1 });
    const pastChapters = await client.call<Paged<ChapterItem>>(
      '/v3/comic/chapters',
      { id: comic.id, page: 2, limit: 100 },
      { session: bob },
    );
    expect(pastChapters.data).toEqual({ list: [], total: 4 });
    const newcomer = await client.initGuest();
    expect((await shelfOf(newcomer)).data).toEqual({ list: [], total: 0 });
  });
});
