import { ApiCode, type HomeData, type WorkDetail } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../../db/schema.js';
import { buildNovelChapter, buildWork, makeVip } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let session: TestSession;
let novel: WorkRow;
const chapters: ChapterRow[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  session = await client.initGuest();
  novel = await buildWork(ctx.db, null, {
    type: 1,
    title: '三体',
    authors: ['刘慈欣'],
    isEnd: 1,
    score: 9.4,
  });
  chapters.push(
    await buildNovelChapter(ctx.db, {
      workId: novel.id,
      title: '第一章 疯狂年代',
      text: '一九六七年。\n\n红岸基地。',
    }),
  );
  chapters.push(
    await buildNovelChapter(ctx.db, {
      workId: novel.id,
      title: 'Chapter 2',
      text: 'English <b>text</b> & more.',
    }),
  );
  chapters.push(
    await buildNovelChapter(ctx.db, { workId: novel.id, title: 'VIP chapter', pay: 2, priceCoins: 30 }),
  );
  await buildWork(ctx.db, null, { type: 0, title: 'A comic' });
});
afterAll(async () => ctx.close());

describe('/v3/book/index', () => {
  it('answers the home shape for novels only', async () => {
    const result = await client.call<HomeData>('/v3/book/index', {}, { session });
    expect(result.code).toBe(1);
    expect(result.data!.reco.map((card) => [card.name, card.type, card.isend, card.score])).toEqual([
      ['三体', 1, 1, 9.4],
    ]);
    expect(result.data!.banner[0]!.url).toBe(`/pages/novel/cover?column=${novel.id}`);
  });
});

describe('/v3/book/details and /v3/book/chapters', () => {
  it('answers the novel detail and refuses a comic id', async () => {
    const detail = await client.call<WorkDetail>('/v3/book/details', { id: novel.id }, { session });
    expect(detail.data).toMatchObject({
      name: '三体',
      author: '刘慈欣',
      chapter_count: 3,
      first_chapter_id: chapters[0]!.id,
    });
    const comic = await ctx.db
      .selectFrom('works')
      .select('id')
      .where('type', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await client.call('/v3/book/details', { id: comic.id }, { session })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
  });

  it('lists chapters with word counts and the VIP one locked', async () => {
    const result = await client.call<{ list: Record<string, unknown>[] }>(
      '/v3/book/chapters',
      { id: novel.id },
      { session },
    );
    expect(result.data!.list.map((c) => [c['name'], c['locked'], c['price_coins']])).toEqual([
      ['第一章 疯狂年代', 0, 0],
      ['Chapter 2', 0, 0],
      ['VIP chapter', 1, 30],
    ]);
    expect(result.data!.list[0]!['word_count']).toBeGreaterThan(5);
  });
});

describe('/v3/book/read', () => {
  it('answers the chapter html and plain text with neighbours', async () => {
    const result = await client.call<{ chapter: Record<string, unknown>; html: string; text: string }>(
      '/v3/book/read',
      { chapter_id: chapters[1]!.id },
      { session },
    );
    expect(result.code).toBe(1);
    expect(result.data!.text).toBe('English <b>text</b> & more.');
    expect(result.data!.html).toBe('<p>English &lt;b&gt;text&lt;/b&gt; &amp; more.</p>');
    expect(result.data!.chapter).toMatchObject({
      prev_chapter_id: chapters[0]!.id,
      next_chapter_id: chapters[2]!.id,
      next_locked: 1,
    });
  });

  it('refuses the VIP chapter without VIP and opens it with VIP', async () => {
    const refused = await client.call('/v3/book/read', { chapter_id: chapters[2]!.id }, { session });
    expect(refused).toMatchObject({ code: ApiCode.VIP_REQUIRED, data: null });
    const vip = await client.initGuest();
    await makeVip(ctx.db, vip.userId);
    const open = await client.call<{ text: string }>(
      '/v3/book/read',
      { chapter_id: chapters[2]!.id },
      { session: vip },
    );
    expect(open.data!.text).toContain('第3章');
  });
});
