import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { reusableQuery } from './reusable-query.js';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
  const now = 1_700_000_000;
  await ctx.db
    .insertInto('settings')
    .values([
      { key: 'rq-a', value: 'alpha', updated_time: now },
      { key: 'rq-b', value: 'beta', updated_time: now + 1 },
      { key: 'rq-c', value: "it's %_ \\ quoted", updated_time: now + 2 },
    ])
    .execute();
});
afterAll(async () => ctx.close());

describe('a reusable query', () => {
  it('binds each run its own arguments, in their places, beside the constants of the query', async () => {
    const between = reusableQuery<[string, number], { key: string; value: string }>(
      () => ctx.db,
      2,
      (prefix, since) =>
        ctx.db
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('key', 'like', prefix)
          .where('updated_time', '>=', since)
          .where('key', '<>', 'rq-none')
          .orderBy('key'),
    );
    expect((await between('rq-%', 1_700_000_001)).rows).toEqual([
      { key: 'rq-b', value: 'beta' },
      { key: 'rq-c', value: "it's %_ \\ quoted" },
    ]);
    // The second run does not see the first run's values.
    expect((await between('rq-a', 0)).rows).toEqual([{ key: 'rq-a', value: 'alpha' }]);
    expect((await between('rq-%', 1_800_000_000)).rows).toEqual([]);
  });

  it('passes values as bound parameters, never as SQL text', async () => {
    const byValue = reusableQuery<[string], { key: string }>(
      () => ctx.db,
      1,
      (value) => ctx.db.selectFrom('settings').select('key').where('value', '=', value),
    );
    expect((await byValue("it's %_ \\ quoted")).rows).toEqual([{ key: 'rq-c' }]);
    expect((await byValue("' or '1'='1")).rows).toEqual([]);
  });

  it('refuses a query that does not use every argument', async () => {
    const unused = reusableQuery<[string, string], { key: string }>(
      () => ctx.db,
      2,
      (key) => ctx.db.selectFrom('settings').select('key').where('key', '=', key),
    );
    await expect(async () => unused('rq-a', 'rq-b')).rejects.toThrow('uses 1 of its 2 arguments');
  });
});
