import { Migrator, sql, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { isSqlite } from './migrations/helpers.js';
import { MIGRATIONS } from './migrations/index.js';

const staticProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * On PostgreSQL the migrator's bookkeeping tables are pinned to the connection's current schema:
 * otherwise Kysely's existence check sees the tables of any schema on the server, and a database
 * with several schemas (one per test app, or per tenant) would skip creating its own.
 */
async function currentPgSchema(db: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}

/** Applies every pending migration; safe to run on every start (already applied ones are skipped). */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: staticProvider,
    ...(isSqlite(db) ? {} : { migrationTableSchema: await currentPgSchema(db) }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed} failed: ${reason}`, { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
