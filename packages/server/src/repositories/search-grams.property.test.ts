/**
 * Short search terms are served by search_grams (migration 0022) and a planner that picks which
 * index chooses the candidates. Whatever it picks, a search must find exactly the works whose
 * document holds every term as a substring, as the plain scan did. Checked against that plain
 * definition over random catalogues and keywords drawn from a small alphabet (CJK, digits, Latin,
 * a character outside the BMP), so terms are often common, often rare and often absent, and every
 * path runs: short driver, trigram driver, mixed, no match. Runs on SQLite and, with DATABASE_URL,
 * on PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWork } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { searchTerms } from '../services/search.service.js';
import { gramsOf, SearchRepository } from './search.repository.js';

const ALPHABET = ['海', '贼', '王', '斗', '罗', '一', '拳', '7', '4', '2', 'a', 'b', 'o', '𠀀'];
const text = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...ALPHABET, ' '), { minLength: min, maxLength: max })
    .map((chars) => chars.join(''));

let ctx: TestApp;
let repository: SearchRepository;
let bodies: Map<number, string>;

beforeAll(async () => {
  ctx = await buildTestApp();
  repository = new SearchRepository(ctx.db);
  // A fixed random catalogue (seeded), indexed once the way the app indexes it.
  const works = fc.sample(fc.record({ title: text(1, 8), summary: text(0, 24), author: text(1, 4) }), {
    numRuns: 80,
    seed: 16,
  });
  for (const [i, work] of works.entries())
    await buildWork(ctx.db, null, {
      title: work.title.trim() || `无题${i}`,
      summary: work.summary,
      authors: [work.author.trim() || `作者${i}`],
    });
  await ctx.app.services.search.refreshIndex();
  const rows = await ctx.db.selectFrom('search_documents').select(['work_id', 'body']).execute();
  bodies = new Map(rows.map((row) => [row.work_id, row.body]));
});
afterAll(async () => ctx.close());

describe('search over short terms (search_grams)', () => {
  it('indexes each distinct character and adjacent pair, none with whitespace', () => {
    expect(gramsOf('海贼 王\n𠀀a')).toEqual(['海', '海贼', '贼', '王', '𠀀', '𠀀a', 'a']);
  });

  it('finds exactly the works whose document holds every term, whichever index drives', async () => {
    expect(bodies.size).toBeGreaterThan(70);
    await fc.assert(
      fc.asyncProperty(text(1, 9), async (keyword) => {
        const { terms, phrase } = searchTerms(keyword);
        fc.pre(terms.length > 0);
        const expected = [...bodies]
          .filter(([, body]) => terms.every((term) => body.includes(term)))
          .map(([id]) => id)
          .sort((a, b) => a - b);
        const { rows, total } = await repository.search(terms, phrase, -1, 0, 1_000);
        expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected);
        expect(total).toBe(expected.length);
      }),
      { numRuns: 150, seed: 1_116 },
    );
  });

  it("forgets a removed document's grams, and a changed one is found by its new text only", async () => {
    const work = await buildWork(ctx.db, null, { title: '龙珠', summary: '' });
    await ctx.app.services.search.refreshIndex();
    const find = async (keyword: string) =>
      (await repository.search([keyword], keyword, -1, 0, 50)).rows.map((row) => row.id);
    expect(await find('龙珠')).toEqual([work.id]);
    await ctx.db
      .updateTable('works')
      .set({ title: '凤凰', updated_time: work.updated_time + 1 })
      .where('id', '=', work.id)
      .execute();
    await ctx.app.services.search.refreshIndex();
    expect(await find('龙珠')).toEqual([]);
    expect(await find('凤')).toEqual([work.id]);
    await ctx.db.updateTable('works').set({ published: 0 }).where('id', '=', work.id).execute();
    await ctx.app.services.search.refreshIndex();
    expect(await find('凤')).toEqual([]);
    const left = await ctx.db
      .selectFrom('search_grams')
      .select('gram')
      .where('work_id', '=', work.id)
      .execute();
    expect(left).toEqual([]);
  });
});
