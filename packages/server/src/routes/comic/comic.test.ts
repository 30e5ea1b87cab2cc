import { ApiCode, xorBytes, type HomeData, type WorkDetail } from '@dm51/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import {
  buildChapter,
  buildComicPages,
  buildNovelChapter,
  buildWork,
  makeVip,
  type FactoryMedia,
} from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let media: FactoryMedia;
let session: TestSession;
let comic: WorkRow;
let novel: WorkRow;
let hidden: WorkRow;
const chapterIds: number[] = [];

interface Paged<T = Record<string, unknown>> {
  list: T[];
  total: number;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  media = { store: ctx.app.media, xorKey: ctx.config.imageXorKey };
  session = await client.initGuest();
  comic = await buildWork(ctx.db, media, {
    title: '进击的巨人',
    altTitles: ['Attack on Titan'],
    authors: ['谏山创'],
    tags: ['热血', '奇幻'],
    categories: ['少年'],
    score: 9.1,
    rtl: 1,
    summary: '人类与巨人的战斗。',
  });
  for (const pay of [0, 0, 2]) {
    const chapter = await buildChapter(ctx.db, { workId: comic.id, pay });
    await buildComicPages(ctx.db, media, chapter.id, { count: 3, width: 400, height: 900 });
    chapterIds.push(chapter.id);
  }
  novel = await buildWork(ctx.db, media, { type: 1, title: 'A novel' });
  await buildNovelChapter(ctx.db, { workId: novel.id });
  hidden = await buildWork(ctx.db, media, { title: 'Unpublished', published: 0 });
  await buildChapter(ctx.db, { workId: hidden.id });
  ctx.app.services.home.invalidate();
});
afterAll(async () => ctx.close());

describe('/v3/comic/index', () => {
  it('answers banner, reco, news and class sections of published comics as mixed list cards', async () => {
    const other = await buildWork(ctx.db, null, { title: 'Second comic', score: 7.5, categories: ['少年'] });
    ctx.app.services.home.invalidate();
    const result = await client.call<HomeData>(
      '/v3/comic/index',
      { reco_size: 6, news_size: 10, type_size: 10 },
      { session },
    );
    expect(result).toMatchObject({ status: 200, code: 1 });
    const home = result.data!;
    expect(home.reco.map((card) => card.name)).toEqual(['进击的巨人', 'Second comic']);
    const card = home.reco[0]!;
    expect(card).toMatchObject({
      type: 0,
      relate_id: comic.id,
      score: 9.1,
      isend: 0,
      pay: 0,
      name: '进击的巨人',
      latest_chapter_name: '第3话',
      author: '谏山创',
      tags: ['热血', '奇幻'],
      chapter_count: 3,
      pic_width: 360,
      pic_height: 480,
    });
    expect(card.pic).toMatch(/^\/media\/.+_xfile\.jpg$/);
    expect(home.news.map((c) => c.relate_id)).toContain(other.id);
    expect(home.news.map((c) => c.relate_id)).not.toContain(hidden.id);
    expect(home.news.map((c) => c.relate_id)).not.toContain(novel.id);
    expect(home.class).toEqual([expect.objectContaining({ name: '少年' })]);
    expect(home.class[0]!.list).toHaveLength(2);
    expect(home.banner[0]).toMatchObject({
      url: `/pages/cartoon/details?column=${comic.id}`,
      types: 0,
      timeout: 0,
    });
    expect(home.banner_ad).toBeNull();
  });

  it('respects the sizes and refuses sizes that are not numbers', async () => {
    const small = await client.call<HomeData>(
      '/v3/comic/index',
      { reco_size: 1, news_size: 1, type_size: 0 },
      { session },
    );
    expect(small.data!.reco).toHaveLength(1);
    expect(small.data!.class).toEqual([]);
    const bad = await client.call('/v3/comic/index', { reco_size: 'lots' }, { session });
    expect(bad).toMatchObject({ code: ApiCode.PARAMS_INVALID, data: null });
    expect(bad.msg).toContain('reco_size');
  });

  it('needs a session', async () => {
    const result = await client.call('/v3/comic/index', {});
    expect(result.status).toBe(401);
  });
});

it('sends launches within one cache window the same sealed answer, and a fresh one after a change', async () => {
  const raw = async () => {
    const body = `data=${client.envelope.seal({ ...client.mergedFields(session), reco_size: 6, news_size: 10, type_size: 10 })}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v3/comic/index',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.headers['content-type']).toContain('application/json');
    return response.json<{ code: number; msg: string; data: string }>();
  };
  const first = await raw();
  const second = await raw();
  expect(first.code).toBe(1);
  // Checked, serialised and encrypted once: the second launch gets the very same bytes.
  expect(second.data).toBe(first.data);
  ctx.app.services.home.invalidate();
  const third = await raw();
  expect(third.data).not.toBe(first.data);
  expect(client.envelope.open(third.data)).toEqual(client.envelope.open(first.data));
});

describe('/v3/comic/details', () => {
  it('answers the detail with people, tags, categories, direction and no saved place yet', async () => {
    const result = await client.call<WorkDetail>('/v3/comic/details', { id: comic.id }, { session });
    expect(result.code).toBe(1);
    expect(result.data).toMatchObject({
      relate_id: comic.id,
      name: '进击的巨人',
      alt_names: ['Attack on Titan'],
      summary: '人类与巨人的战斗。',
      authors: [{ name: '谏山创', role: 'writer' }],
      tag_list: [{ name: '热血' }, { name: '奇幻' }],
      categories: [{ name: '少年' }],
      rtl: 1,
      is_favorite: 0,
      read: null,
      first_chapter_id: chapterIds[0],
    });
  });

  it('answers CONTENT_NOT_FOUND for unknown, unpublished and novel ids', async () => {
    for (const id of [999_999, hidden.id, novel.id]) {
      const result = await client.call('/v3/comic/details', { id }, { session });
      expect(result).toMatchObject({ code: ApiCode.CONTENT_NOT_FOUND, data: null });
    }
    const bad = await client.call('/v3/comic/details', { id: -1 }, { session });
    expect(bad.code).toBe(ApiCode.PARAMS_INVALID);
  });
});

describe('/v3/comic/chapters', () => {
  it('lists chapters ascending or descending with the VIP chapter locked for a guest', async () => {
    const asc = await client.call<Paged>('/v3/comic/chapters', { id: comic.id }, { session });
    expect(asc.data!.total).toBe(3);
    expect(asc.data!.list.map((c) => [c['name'], c['sort'], c['locked']])).toEqual([
      ['第1话', 0, 0],
      ['第2话', 1, 0],
      ['第3话', 2, 1],
    ]);
    const desc = await client.call<Paged>(
      '/v3/comic/chapters',
      { id: comic.id, order: 'desc', limit: 2, page: 1 },
      { session },
    );
    expect(desc.data!.list.map((c) => c['id'])).toEqual([chapterIds[2], chapterIds[1]]);
    const page2 = await client.call<Paged>(
      '/v3/comic/chapters',
      { id: comic.id, order: 'desc', limit: 2, page: 2 },
      { session },
    );
    expect(page2.data!.list.map((c) => c['id'])).toEqual([chapterIds[0]]);
  });

  it('refuses bad paging', async () => {
    for (const paging of [{ page: 0 }, { limit: 0 }, { limit: 5000 }, { order: 'sideways' }]) {
      const result = await client.call('/v3/comic/chapters', { id: comic.id, ...paging }, { session });
      expect(result.code).toBe(ApiCode.PARAMS_INVALID);
    }
  });
});

describe('/v3/comic/read', () => {
  it('answers ordered pages with sizes and decodable _xfile images, plus neighbours', async () => {
    const result = await client.call<{
      chapter: Record<string, unknown>;
      rtl: number;
      pages: { url: string; width: number; height: number }[];
    }>('/v3/comic/read', { chapter_id: chapterIds[1] }, { session });
    expect(result.code).toBe(1);
    const { chapter, pages, rtl } = result.data!;
    expect(chapter).toMatchObject({
      id: chapterIds[1],
      work_id: comic.id,
      work_name: '进击的巨人',
      name: '第2话',
      prev_chapter_id: chapterIds[0],
      next_chapter_id: chapterIds[2],
      next_locked: 1,
      chapter_count: 3,
    });
    expect(rtl).toBe(1);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toMatchObject({ width: 400, height: 900 });
    const response = await ctx.app.inject({ method: 'GET', url: pages[0]!.url });
    expect(response.statusCode).toBe(200);
    const decoded = Buffer.from(xorBytes(response.rawPayload, ctx.config.imageXorKey));
    expect(await sharp(decoded).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 900 });
  });

  it('refuses a VIP chapter to a non-VIP with VIP_REQUIRED and no page URL', async () => {
    const result = await client.call('/v3/comic/read', { chapter_id: chapterIds[2] }, { session });
    expect(result).toMatchObject({ code: ApiCode.VIP_REQUIRED, data: null });
    expect(result.msg).toMatch(/VIP/);
  });

  it('refuses it to an expired VIP and opens it for an active VIP', async () => {
    const vip = await client.initGuest();
    await makeVip(ctx.db, vip.userId, Math.floor(Date.now() / 1000) - 10);
    expect((await client.call('/v3/comic/read', { chapter_id: chapterIds[2] }, { session: vip })).code).toBe(
      ApiCode.VIP_REQUIRED,
    );
    await makeVip(ctx.db, vip.userId);
    const open = await client.call<{ pages: unknown[]; chapter: Record<string, unknown> }>(
      '/v3/comic/read',
      { chapter_id: chapterIds[2] },
      { session: vip },
    );
    expect(open.code).toBe(1);
    expect(open.data!.pages).toHaveLength(3);
    expect(open.data!.chapter['next_chapter_id']).toBe(0);
    const chapters = await client.call<Paged>('/v3/comic/chapters', { id: comic.id }, { session: vip });
    expect(chapters.data!.list.map((c) => c['locked'])).toEqual([0, 0, 0]);
  });

  it('answers CONTENT_NOT_FOUND for unknown chapters, unpublished works and novel chapters', async () => {
    const hiddenChapter = await ctx.db
      .selectFrom('chapters')
      .select('id')
      .where('work_id', '=', hidden.id)
      .executeTakeFirstOrThrow();
    const novelChapter = await ctx.db
      .selectFrom('chapters')
      .select('id')
      .where('work_id', '=', novel.id)
      .executeTakeFirstOrThrow();
    for (const chapter_id of [999_999, hiddenChapter.id, novelChapter.id]) {
      expect((await client.call('/v3/comic/read', { chapter_id }, { session })).code).toBe(
        ApiCode.CONTENT_NOT_FOUND,
      );
    }
  });
});

describe('/v3/comic/author', () => {
  it('answers the author and their published works of every type', async () => {
    const author = await ctx.db
      .selectFrom('authors')
      .select('id')
      .where('name', '=', '谏山创')
      .executeTakeFirstOrThrow();
    await buildWork(ctx.db, null, { type: 1, title: 'Novel by the same', authors: ['谏山创'] });
    await buildWork(ctx.db, null, { title: 'Hidden by the same', authors: ['谏山创'], published: 0 });
    const all = await client.call<{
      author: Record<string, unknown>;
      list: { name: string }[];
      total: number;
    }>('/v3/comic/author', { id: author.id }, { session });
    expect(all.data!.author).toEqual({ id: author.id, name: '谏山创', work_count: 2 });
    expect(all.data!.list.map((w) => w.name).sort()).toEqual(['Novel by the same', '进击的巨人']);
    const comicsOnly = await client.call<Paged>('/v3/comic/author', { id: author.id, type: 0 }, { session });
    expect(comicsOnly.data!.total).toBe(1);
    expect((await client.call('/v3/comic/author', { id: 999_999 }, { session })).code).toBe(
      ApiCode.CONTENT_NOT_FOUND,
    );
  });
});
