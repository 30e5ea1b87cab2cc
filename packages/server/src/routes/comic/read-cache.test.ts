/**
 * /v3/comic/read keeps a chapter's public part (and its sealed answer) under the catalogue version
 * (ReaderService, migration 0023). These tests change the catalogue straight in the database, as
 * the importer or an operator's SQL would, and check that the very next opening sees the change,
 * and that a cached chapter never reaches a reader without access.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { buildChapter, buildComicPages, buildWork, makeVip } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let reader: TestSession;
let work: WorkRow;
let free: number;
let second: number;
let vipChapter: number;

interface ReadAnswer {
  chapter: { id: number; work_name: string; pay: number; next_chapter_id: number; next_locked: number };
  pages: { url: string; width: number; height: number }[];
}

const read = (chapterId: number, session = reader) =>
  client.call<ReadAnswer>('/v3/comic/read', { chapter_id: chapterId }, { session });

/** The response body as sent (the sealed hex), to tell a resent answer from a fresh one. */
const rawRead = async (chapterId: number, session = reader) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v3/comic/read',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `data=${client.envelope.seal({ ...client.mergedFields(session), chapter_id: chapterId })}`,
  });
  return response.json<{ code: number; data: string }>();
};

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  reader = await client.initGuest();
  work = await buildWork(ctx.db, null, { title: 'Cached comic' });
  const ids: number[] = [];
  for (const pay of [0, 0, 2]) {
    const chapter = await buildChapter(ctx.db, { workId: work.id, pay });
    await buildComicPages(ctx.db, null, chapter.id, { count: 2, width: 400, height: 900 });
    ids.push(chapter.id);
  }
  [free, second, vipChapter] = ids as [number, number, number];
});
afterAll(async () => ctx.close());

beforeEach(async () => {
  // Every test starts from the published work with its chapters free, free and VIP.
  await ctx.db
    .updateTable('works')
    .set({ published: 1, title: 'Cached comic' })
    .where('id', '=', work.id)
    .execute();
  await ctx.db.updateTable('chapters').set({ pay: 0 }).where('id', 'in', [free, second]).execute();
  await ctx.db.updateTable('chapters').set({ pay: 2 }).where('id', '=', vipChapter).execute();
});

describe('/v3/comic/read from the kept chapter', () => {
  it('sends readers of a free chapter the same sealed answer, and a fresh one after a change', async () => {
    const other = await client.initGuest();
    const first = await rawRead(free);
    const again = await rawRead(free, other);
    expect(first.code).toBe(1);
    expect(again.data).toBe(first.data);
    await ctx.db.updateTable('works').set({ title: 'Renamed comic' }).where('id', '=', work.id).execute();
    const renamed = await rawRead(free);
    expect(renamed.data).not.toBe(first.data);
    expect((client.envelope.open(renamed.data) as ReadAnswer).chapter.work_name).toBe('Renamed comic');
  });

  it('stops a reader at once when the work is unpublished, and opens again when republished', async () => {
    expect((await read(free)).code).toBe(1);
    await ctx.db.updateTable('works').set({ published: 0 }).where('id', '=', work.id).execute();
    expect((await read(free)).code).toBe(ApiCode.CONTENT_NOT_FOUND);
    await ctx.db.updateTable('works').set({ published: 1 }).where('id', '=', work.id).execute();
    expect((await read(free)).code).toBe(1);
  });

  it('answers the new pages at once after a re-import replaces them', async () => {
    const before = await read(second);
    expect(before.data!.pages).toHaveLength(2);
    // What the importer does for a changed chapter: delete its pages, insert the new ones.
    await ctx.db.deleteFrom('pages').where('chapter_id', '=', second).execute();
    const pages = await buildComicPages(ctx.db, null, second, { count: 4, width: 500, height: 700 });
    const after = await read(second);
    expect(after.data!.pages).toHaveLength(4);
    expect(after.data!.pages[0]).toMatchObject({ width: 500, height: 700 });
    expect(after.data!.pages.map((p) => p.url)).not.toEqual(before.data!.pages.map((p) => p.url));
    expect(after.data!.pages[3]!.url).toContain(pages[3]!.media_key.split('/').pop()!.split('_')[0]);
  });

  it('refuses a chapter made paid at once to a reader without access, and marks it locked as the next one', async () => {
    expect((await read(second)).code).toBe(1);
    expect((await read(free)).data!.chapter.next_locked).toBe(0);
    await ctx.db.updateTable('chapters').set({ pay: 1, price_coins: 30 }).where('id', '=', second).execute();
    expect((await read(second)).code).toBe(ApiCode.CHAPTER_LOCKED);
    expect((await read(free)).data!.chapter.next_locked).toBe(1);
    // A price change alone (still paid) keeps it refused.
    await ctx.db.updateTable('chapters').set({ price_coins: 5 }).where('id', '=', second).execute();
    expect((await read(second)).code).toBe(ApiCode.CHAPTER_LOCKED);
    // Unlocked with coins, it opens for that reader only.
    await ctx.db
      .insertInto('chapter_unlocks')
      .values({
        user_id: reader.userId,
        chapter_id: second,
        work_id: work.id,
        coins: 5,
        entry_id: 0,
        source: 'single',
        created_time: Math.floor(Date.now() / 1000),
      })
      .execute();
    expect((await read(second)).code).toBe(1);
    expect((await read(second, await client.initGuest())).code).toBe(ApiCode.CHAPTER_LOCKED);
    await ctx.db.deleteFrom('chapter_unlocks').where('chapter_id', '=', second).execute();
  });

  it('never serves a VIP chapter a VIP opened to a reader without VIP', async () => {
    const vip = await client.initGuest();
    await makeVip(ctx.db, vip.userId);
    const opened = await rawRead(vipChapter, vip);
    expect(opened.code).toBe(1);
    expect((await rawRead(vipChapter, vip)).data).toBe(opened.data);
    const refused = await read(vipChapter);
    expect(refused).toMatchObject({ code: ApiCode.VIP_REQUIRED, data: null });
    // The same holds after the VIP's membership lapses.
    await makeVip(ctx.db, vip.userId, Math.floor(Date.now() / 1000) - 10);
    expect((await read(vipChapter, vip)).code).toBe(ApiCode.VIP_REQUIRED);
  });

  it('shows a VIP chapter made free to everyone at once', async () => {
    expect((await read(vipChapter)).code).toBe(ApiCode.VIP_REQUIRED);
    await ctx.db.updateTable('chapters').set({ pay: 0 }).where('id', '=', vipChapter).execute();
    expect((await read(vipChapter)).code).toBe(1);
    expect((await read(second)).data!.chapter.next_locked).toBe(0);
  });

  it('still counts a view and a task event for every opening of a kept chapter', async () => {
    expect((await read(free)).code).toBe(1);
    const viewsTotal = async () => {
      await ctx.app.services.views.flush();
      const row = await ctx.db
        .selectFrom('works')
        .select('views_total')
        .where('id', '=', work.id)
        .executeTakeFirstOrThrow();
      return Number(row.views_total);
    };
    const before = await viewsTotal();
    expect((await read(free)).code).toBe(1);
    expect((await read(free)).code).toBe(1);
    expect(await viewsTotal()).toBe(before + 2);
    const fresh = await client.initGuest();
    expect((await read(free, fresh)).code).toBe(1);
    const events = await ctx.db
      .selectFrom('task_events')
      .select(['kind', 'ref_id'])
      .where('user_id', '=', fresh.userId)
      .execute();
    expect(events).toContainEqual({ kind: 'chapter', ref_id: free });
  });
});
