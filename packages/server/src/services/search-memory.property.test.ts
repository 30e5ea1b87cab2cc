/**
 * The in-memory search (search-memory.ts) must answer what the database's search answers: the same
 * works, in the same order (relevance, views, id), the same total, for any keyword, type and page.
 * Checked over a random catalogue whose titles, people and summaries are drawn from a small
 * alphabet (so terms are common, rare, absent, in titles or only in summaries, and phrases start
 * titles), with random view counts for the ties. Runs on SQLite and, with DATABASE_URL, on
 * PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SearchRepository } from '../repositories/search.repository.js';
import { buildWork } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { MemorySearchIndex } from './search-memory.js';
import { searchTerms } from './search.service.js';

const ALPHABET = ['海', '贼', '王', '7', '4', 'a', 'b', 'o', '𠀀'];
const text = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...ALPHABET, ' '), { minLength: min, maxLength: max })
    .map((chars) => chars.join(''));

let ctx: TestApp;
let repository: SearchRepository;
let memory: MemorySearchIndex;

beforeAll(async () => {
  ctx = await buildTestApp();
  repository = new SearchRepository(ctx.db);
  const works = fc.sample(
    fc.record({
      title: text(1, 6),
      summary: text(0, 16),
      author: text(1, 3),
      type: fc.constantFrom(0, 1),
      views: fc.constantFrom(0, 5, 10),
    }),
    { numRuns: 70, seed: 4 },
  );
  for (const [i, work] of works.entries())
    await buildWork(ctx.db, null, {
      type: work.type,
      title: work.title.trim() || `无题${i}`,
      summary: work.summary,
      authors: [work.author.trim() || `作者${i}`],
      viewsTotal: work.views,
    });
  // One unpublished work: neither search may find it.
  await buildWork(ctx.db, null, { title: '海贼 7', published: 0 });
  await ctx.app.services.search.refreshIndex();
  memory = new MemorySearchIndex(await repository.memoryDocuments());
});
afterAll(async () => ctx.close());

it('answers the same page and total as the database for any keyword, type and page', async () => {
  expect(memory.size).toBe(70);
  await fc.assert(
    fc.asyncProperty(
      text(1, 7),
      fc.constantFrom(-1, 0, 1),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(1, 5, 20),
      async (keyword, type, pageIndex, limit) => {
        const { terms, phrase } = searchTerms(keyword);
        fc.pre(terms.length > 0);
        const offset = pageIndex * limit;
        const expected = await repository.search(terms, phrase, type, offset, limit);
        const found = memory.search(terms, phrase, type, offset, limit);
        expect(found.ids).toEqual(expected.rows.map((row) => row.id));
        expect(found.total).toBe(expected.total);
      },
    ),
    { numRuns: 200, seed: 2_026 },
  );
});

it('puts a title starting with the phrase first, as the database does', async () => {
  const { terms, phrase } = searchTerms('海贼');
  const expected = await repository.search(terms, phrase, -1, 0, 50);
  expect(memory.search(terms, phrase, -1, 0, 50).ids).toEqual(expected.rows.map((row) => row.id));
});
