/**
 * Hot statements on PostgreSQL: a reusable query's text is sent named from its first run, so a
 * connection parses it once; another data statement once it has repeated; transaction control
 * never; DB_PREPARED_STATEMENTS=off names none; and a statement whose table changed shape under it
 * (a newer instance's migration) is answered unnamed instead of failing.
 * Always on PostgreSQL (the feature is PostgreSQL's), whichever database the suite runs on.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import type { Database } from './database.js';
import { preparedStatementName } from './prepared-statements.js';
import { reusableQuery } from './reusable-query.js';

const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

let ctx: TestApp | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

async function appWith(preparedStatements: boolean, max = 4): Promise<TestApp> {
  ctx = await buildTestApp({
    databaseUrl: POSTGRES_URL,
    dbPool: { max, connectTimeoutMs: 5_000, preparedStatements },
  });
  const now = 1_700_000_000;
  await ctx.db
    .insertInto('settings')
    .values([
      { key: 'ps-a', value: 'alpha', updated_time: now },
      { key: 'ps-b', value: 'beta', updated_time: now },
    ])
    .execute();
  return ctx;
}

/** The statements this connection holds prepared (PostgreSQL's view is per connection). */
async function preparedOn(connection: Database): Promise<{ name: string; statement: string }[]> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements`.execute(connection);
  return rows;
}

const settingByKey = (db: () => Database) =>
  reusableQuery<[string], { key: string; value: string }>(db, 1, (key) =>
    db().selectFrom('settings').select(['key', 'value']).where('key', '=', key),
  );

describe('hot statements on PostgreSQL', () => {
  it('of a reusable query are sent named from their first run and parsed once per connection', async () => {
    const app = await appWith(true);
    await app.db.connection().execute(async (connection) => {
      const byKey = settingByKey(() => connection);
      expect((await byKey('ps-a')).rows).toEqual([{ key: 'ps-a', value: 'alpha' }]);
      // The second run binds its own value to the same prepared statement.
      expect((await byKey('ps-b')).rows).toEqual([{ key: 'ps-b', value: 'beta' }]);
      expect((await byKey("' or '1'='1")).rows).toEqual([]);
      const compiled = connection
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', '=', 'x')
        .compile();
      const name = preparedStatementName(compiled.sql);
      expect(name).toMatch(/^dm51_hot_\d+$/);
      const prepared = await preparedOn(connection);
      expect(prepared).toContainEqual({ name, statement: compiled.sql });
      expect(prepared.every((row) => row.name.startsWith('dm51_hot_'))).toBe(true);
    });
  });

  it('name another data statement once it has repeated, and never transaction control', async () => {
    // One connection: the transactions below and the listing of its statements share it.
    const app = await appWith(true, 1);
    await app.db.connection().execute(async (connection) => {
      const adHoc = () =>
        connection
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'ps-b')
          .where('value', '<>', 'ps-adhoc');
      const text = adHoc().compile().sql;
      expect(await adHoc().execute()).toEqual([{ value: 'beta' }]);
      expect((await preparedOn(connection)).map((row) => row.statement)).not.toContain(text);
      for (let run = 0; run < 25; run += 1) expect(await adHoc().execute()).toEqual([{ value: 'beta' }]);
      expect((await preparedOn(connection)).map((row) => row.statement)).toContain(text);
    });
    for (let run = 0; run < 25; run += 1) {
      await app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('settings').select('key').where('key', '=', 'ps-a').execute();
      });
    }
    const everywhere = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      app.db,
    );
    expect(everywhere.rows.some((row) => /^\s*(begin|commit|rollback)/i.test(row.statement))).toBe(false);
  });

  it('are sent unnamed with DB_PREPARED_STATEMENTS=off', async () => {
    const app = await appWith(false);
    await app.db.connection().execute(async (connection) => {
      const byKey = settingByKey(() => connection);
      expect((await byKey('ps-a')).rows).toEqual([{ key: 'ps-a', value: 'alpha' }]);
      expect((await byKey('ps-a')).rows).toEqual([{ key: 'ps-a', value: 'alpha' }]);
      expect(await preparedOn(connection)).toEqual([]);
    });
  });

  it('follow DB_PREPARED_STATEMENTS=off where no pool settings are given (the import worker, the CLI)', async () => {
    process.env['DB_PREPARED_STATEMENTS'] = 'off';
    try {
      ctx = await buildTestApp({ databaseUrl: POSTGRES_URL });
    } finally {
      delete process.env['DB_PREPARED_STATEMENTS'];
    }
    const app = ctx;
    await app.db.connection().execute(async (connection) => {
      const byKey = settingByKey(() => connection);
      expect((await byKey('ps-none')).rows).toEqual([]);
      expect(await preparedOn(connection)).toEqual([]);
    });
  });

  it('answer unnamed once their table changed shape under the prepared statement', async () => {
    const app = await appWith(true);
    await app.db.connection().execute(async (connection) => {
      const everything = reusableQuery<[string], Record<string, unknown>>(
        () => connection,
        1,
        (key) => connection.selectFrom('settings').selectAll().where('key', '=', key),
      );
      expect((await everything('ps-a')).rows).toEqual([
        { key: 'ps-a', value: 'alpha', updated_time: 1_700_000_000 },
      ]);
      await sql`alter table settings add column probe_extra integer default 7`.execute(connection);
      // PostgreSQL refuses the prepared plan ("cached plan must not change result type").
      expect((await everything('ps-a')).rows).toEqual([
        { key: 'ps-a', value: 'alpha', updated_time: 1_700_000_000, probe_extra: 7 },
      ]);
    });
  });
});
