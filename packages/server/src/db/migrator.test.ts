import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { migrateToLatest } from './migrator.js';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

describe('migrations', () => {
  it('are idempotent: a second run applies nothing and keeps the data', async () => {
    await ctx.db.insertInto('settings').values({ key: 'probe', value: '1', updated_time: 1 }).execute();
    expect(await migrateToLatest(ctx.db)).toEqual([]);
    expect(await migrateToLatest(ctx.db)).toEqual([]);
    const row = await ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'probe')
      .executeTakeFirst();
    expect(row?.value).toBe('1');
  });

  it('create the tables with their constraints', async () => {
    const tables = (await ctx.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'guest_devices', 'sessions', 'settings']));
    const now = 1_700_000_000;
    const user = await ctx.db
      .insertInto('users')
      .values({ uuid: 'u-1', invite_code: 'CODE0001', created_time: now, updated_time: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      is_guest: 1,
      coins: 0,
      rmb_fen: 0,
      password_hash: null,
      deleted_time: null,
    });
    expect(typeof user.id).toBe('number');
    // ids autoincrement; unique uuid is enforced
    await expect(
      ctx.db
        .insertInto('users')
        .values({ uuid: 'u-1', invite_code: 'CODE0002', created_time: now, updated_time: now })
        .execute(),
    ).rejects.toThrow();
    // sessions must point at a real user (foreign keys are on, on SQLite too)
    await expect(
      ctx.db
        .insertInto('sessions')
        .values({ token_hash: 'f'.repeat(64), user_id: 999_999, created_time: now, last_seen_time: now })
        .execute(),
    ).rejects.toThrow();
    const big = await sql<{ n: number }>`select ${sql.lit(4_102_444_800)} as n`.execute(ctx.db);
    expect(Number(big.rows[0]?.n)).toBe(4_102_444_800);
  });
});
