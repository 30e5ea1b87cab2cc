import { ApiCode, type WorkCard } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let session: TestSession;

interface Found {
  list: WorkCard[];
  total: number;
}
const works = (payload: Record<string, unknown>) =>
  client.call<Found>('/v3/category/works', payload, { session });
const names = (result: { data: Found | null }) => result.data!.list.map((card) => card.name);

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  session = await client.initGuest();
  await buildWork(ctx.db, null, {
    title: 'Old free finished',
    categories: ['恋爱'],
    tags: ['校园'],
    isEnd: 1,
    score: 6,
    viewsTotal: 50,
    updatedTime: 1000,
  });
  await buildWork(ctx.db, null, {
    title: 'New VIP',
    categories: ['恋爱', '热血'],
    tags: ['校园', '魔法'],
    pay: 2,
    score: 9,
    viewsTotal: 10,
    updatedTime: 3000,
  });
  await buildWork(ctx.db, null, {
    title: 'Middle free',
    categories: ['热血'],
    tags: ['魔法'],
    score: 7,
    viewsTotal: 500,
    updatedTime: 2000,
  });
  await buildWork(ctx.db, null, { title: 'Hidden', categories: ['恋爱'], tags: ['校园'], published: 0 });
  await buildWork(ctx.db, null, { type: 1, title: 'A novel', categories: ['都市'], tags: ['校园'] });
});
afterAll(async () => ctx.close());

describe('/v3/category/works', () => {
  it('orders by newest, most viewed and best score', async () => {
    expect(names(await works({}))).toEqual(['New VIP', 'Middle free', 'Old free finished']);
    expect(names(await works({ order: 'hot' }))).toEqual(['Middle free', 'Old free finished', 'New VIP']);
    expect(names(await works({ order: 'score' }))).toEqual(['New VIP', 'Middle free', 'Old free finished']);
  });

  it('filters by category, tag, status and pay, and pages', async () => {
    const [romance] = await ctx.db.selectFrom('categories').select('id').where('name', '=', '恋爱').execute();
    const [magic] = await ctx.db.selectFrom('tags').select('id').where('name', '=', '魔法').execute();
    expect(names(await works({ category_id: romance!.id }))).toEqual(['New VIP', 'Old free finished']);
    expect(names(await works({ tag_id: magic!.id }))).toEqual(['New VIP', 'Middle free']);
    expect(names(await works({ status: 2 }))).toEqual(['Old free finished']);
    expect(names(await works({ status: 1 }))).toEqual(['New VIP', 'Middle free']);
    expect(names(await works({ pay: 2 }))).toEqual(['New VIP']);
    expect(names(await works({ pay: 1, category_id: romance!.id }))).toEqual(['Old free finished']);
    expect(names(await works({ type: 1 }))).toEqual(['A novel']);
    const page2 = await works({ limit: 2, page: 2 });
    expect(page2.data).toMatchObject({ total: 3, list: [{ name: 'Old free finished' }] });
    expect((await works({ limit: 2, page: 3 })).data).toEqual({ list: [], total: 3 });
  });

  it('refuses bad filters', async () => {
    for (const payload of [{ status: 3 }, { pay: -1 }, { order: 'random' }, { page: 'one' }, { type: 3 }]) {
      expect((await works(payload)).code).toBe(ApiCode.PARAMS_INVALID);
    }
  });
});

describe('/v3/category/index and /v3/category/tags', () => {
  it('answers categories and tags of a type with counts of published works', async () => {
    const result = await client.call<{
      categories: { name: string; count: number }[];
      tags: { name: string; count: number }[];
    }>('/v3/category/index', { type: 0 }, { session });
    expect(result.data!.categories.map((c) => [c.name, c.count])).toEqual([
      ['恋爱', 2],
      ['热血', 2],
    ]);
    expect(result.data!.tags.map((t) => [t.name, t.count])).toEqual([
      ['校园', 2],
      ['魔法', 2],
    ]);
    const tags = await client.call<{ list: { name: string }[]; total: number }>(
      '/v3/category/tags',
      { type: 1 },
      { session },
    );
    expect(tags.data).toMatchObject({ total: 1, list: [{ name: '校园', count: 1 }] });
  });
});
