/**
 * The catalogue version (migration 0023) that chapter caches are kept under: it moves with every
 * committed change to what a chapter opening answers, and not with the counters readers update.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { buildChapter, buildComicPages, buildWork } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

let ctx: TestApp;
let repo: CatalogueRepository;

beforeAll(async () => {
  ctx = await buildTestApp();
  repo = new CatalogueRepository(ctx.db);
});
afterAll(async () => ctx.close());

it('moves with works, chapters and pages, and not with view or favourite counts', async () => {
  const start = await repo.catalogueVersion();
  const work = await buildWork(ctx.db, null, { title: 'Versioned' });
  const afterWork = await repo.catalogueVersion();
  expect(afterWork).toBeGreaterThan(start);
  const chapter = await buildChapter(ctx.db, { workId: work.id });
  const afterChapter = await repo.catalogueVersion();
  expect(afterChapter).toBeGreaterThan(afterWork);
  await buildComicPages(ctx.db, null, chapter.id, { count: 2 });
  const afterPages = await repo.catalogueVersion();
  expect(afterPages).toBeGreaterThan(afterChapter);
  await ctx.db
    .updateTable('works')
    .set({ views_total: 99, favorites_total: 3 })
    .where('id', '=', work.id)
    .execute();
  expect(await repo.catalogueVersion()).toBe(afterPages);
  await ctx.db.updateTable('works').set({ published: 0 }).where('id', '=', work.id).execute();
  expect(await repo.catalogueVersion()).toBeGreaterThan(afterPages);
});

it('moves only when the writing transaction commits', async () => {
  const work = await buildWork(ctx.db, null, { title: 'Rolled back' });
  const before = await repo.catalogueVersion();
  await expect(
    ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('works').set({ title: 'Never seen' }).where('id', '=', work.id).execute();
      await trx.deleteFrom('chapters').where('work_id', '=', work.id).execute();
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await repo.catalogueVersion()).toBe(before);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('works').set({ title: 'Seen' }).where('id', '=', work.id).execute();
    await trx.updateTable('works').set({ rtl: 1 }).where('id', '=', work.id).execute();
  });
  expect(await repo.catalogueVersion()).toBeGreaterThan(before);
});
