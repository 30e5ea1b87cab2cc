/**
 * The record of counter batches already written (migration 0025): a batch id is new once, and ids
 * older than the retention are pruned by the writes that come after them, so the table stays small.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { COUNTER_BATCH_RETENTION_S, firstWriteOfBatch } from './counter-batches.js';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

const ids = async () =>
  (await ctx.db.selectFrom('counter_batches').select('batch').orderBy('batch').execute()).map((r) => r.batch);

it('says a batch is new only the first time', async () => {
  expect(await ctx.db.transaction().execute((trx) => firstWriteOfBatch(trx, 'views:batch:a'))).toBe(true);
  expect(await ctx.db.transaction().execute((trx) => firstWriteOfBatch(trx, 'views:batch:a'))).toBe(false);
  expect(await ctx.db.transaction().execute((trx) => firstWriteOfBatch(trx, 'ad-stats:batch:a'))).toBe(true);
});

it('forgets a rolled-back batch, which a later flush then writes', async () => {
  await expect(
    ctx.db.transaction().execute(async (trx) => {
      expect(await firstWriteOfBatch(trx, 'views:batch:rolled-back')).toBe(true);
      throw new Error('the counts failed to write');
    }),
  ).rejects.toThrow('the counts failed to write');
  expect(await ids()).not.toContain('views:batch:rolled-back');
  expect(await ctx.db.transaction().execute((trx) => firstWriteOfBatch(trx, 'views:batch:rolled-back'))).toBe(
    true,
  );
});

it('prunes ids older than the retention when another batch is written', async () => {
  const now = Math.floor(Date.now() / 1000);
  await ctx.db
    .insertInto('counter_batches')
    .values([
      { batch: 'views:batch:old', applied_time: now - COUNTER_BATCH_RETENTION_S - 60 },
      { batch: 'views:batch:recent', applied_time: now - COUNTER_BATCH_RETENTION_S + 600 },
    ])
    .execute();
  await ctx.db.transaction().execute((trx) => firstWriteOfBatch(trx, 'views:batch:b'));
  const left = await ids();
  expect(left).not.toContain('views:batch:old');
  expect(left).toEqual(expect.arrayContaining(['views:batch:recent', 'views:batch:b']));
});
