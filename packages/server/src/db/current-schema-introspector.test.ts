/**
 * Introspection on PostgreSQL sees the connection's own schema, the same as Kysely's introspector
 * sees it, and does not fail while other clients drop their schemas (the migrator introspects on
 * every start, and test apps, pg-boss and other deployments drop schemas on the same server).
 * Runs on PostgreSQL in both runs of the server suite.
 */
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrator.js';
import { withAdminClient } from '../testing/test-app.js';

const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `introspect_${randomBytes(6).toString('hex')}`;
let db: Database;

beforeAll(async () => {
  await withAdminClient(POSTGRES_URL, (client) => client.query(`create schema "${schema}"`));
  db = createDatabase({ databaseUrl: POSTGRES_URL, sqlitePath: '' }, { pgSchema: schema });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  await withAdminClient(POSTGRES_URL, (client) => client.query(`drop schema "${schema}" cascade`));
});

describe('introspection of the own schema on PostgreSQL', () => {
  it("describes the schema's tables and columns as Kysely's own introspector does", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1 });
    const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      const theirs = (await kysely.introspection.getTables({ withInternalKyselyTables: true }))
        .filter((table) => table.schema === schema)
        .sort((a, b) => a.name.localeCompare(b.name));
      const ours = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(ours.length).toBeGreaterThan(40);
      expect(ours).toEqual(theirs);
      const withoutBookkeeping = (await db.introspection.getTables()).map((table) => table.name);
      expect(withoutBookkeeping).not.toContain('kysely_migration');
      expect(withoutBookkeeping).toContain('users');
    } finally {
      await kysely.destroy();
    }
  });

  it('keeps answering while other clients create and drop schemas', async () => {
    let churning = true;
    const churn = withAdminClient(POSTGRES_URL, async (client) => {
      for (let i = 0; churning; i++) {
        const other = `${schema}_other_${i}`;
        await client.query(`create schema "${other}"; create table "${other}".t (id serial primary key)`);
        await client.query(`drop schema "${other}" cascade`);
      }
    });
    try {
      for (let i = 0; i < 40; i++) {
        const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
        expect(tables.every((table) => table.schema === schema)).toBe(true);
        expect(await migrateToLatest(db)).toEqual([]);
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});
