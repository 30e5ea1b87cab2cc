import type { WorkCard } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let guest: TestSession;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  guest = await client.initGuest();
  ctx.app.services.search.freshnessIntervalMs = 0;
});
afterAll(async () => ctx.close());

describe('search index signatures agree with the database', () => {
  it('indexes the work once and finds it (the demo library has such works)', async () => {
    const work = await buildWork(ctx.db, null, { title: '潮汐学院', authors: ['Ines Ward'] });
    const link = await ctx.db
      .selectFrom('work_authors')
      .selectAll()
      .where('work_id', '=', work.id)
      .executeTakeFirstOrThrow();
    // The same person also draws it: a second role row, as ComicInfo Writer + Penciller import.
    await ctx.db
      .insertInto('work_authors')
      .values({ work_id: work.id, author_id: link.author_id, role: 'penciller', position: 1 })
      .execute();

    const byAuthor = await client.call<{ list: WorkCard[]; total: number }>(
      '/v3/search/index',
      { keyword: 'ines ward' },
      { session: guest },
    );
    expect(byAuthor.data!.list.map((card) => card.relate_id)).toEqual([work.id]);
    // The document is fresh now: a second refresh has nothing left to do.
    expect(await ctx.app.services.search.refreshIndex()).toBe(0);
  });

  it('counts a summary with characters outside the BMP as the database does', async () => {
    const work = await buildWork(ctx.db, null, { title: '表情包日记', summary: '今天也很开心 😀𠀀' });
    const found = await client.call<{ list: WorkCard[]; total: number }>(
      '/v3/search/index',
      { keyword: '表情包' },
      { session: guest },
    );
    expect(found.data!.list.map((card) => card.relate_id)).toEqual([work.id]);
    expect(await ctx.app.services.search.refreshIndex()).toBe(0);
  });
});
