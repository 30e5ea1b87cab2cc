/**
 * Another instance's importer, for tests on PostgreSQL: a connection of its own holding the
 * catalogue's import lock (the same key the importer takes) until released or terminated.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/database.js';

export interface HeldImportLock {
  /** The holder's backend pid (pg_terminate_backend it to simulate the instance dying). */
  pid: number;
  release(): Promise<void>;
}

export async function holdDatabaseImportLock(db: Database, url: string): Promise<HeldImportLock> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const holder = new pg.Client({ connectionString: url });
  // Its death may be the point of the test: the client's own error is expected then.
  holder.on('error', () => undefined);
  await holder.connect();
  await holder.query(`set search_path to "${rows[0]!.schema}"`);
  await holder.query(`select pg_advisory_lock(hashtext('dm51-import:' || current_schema()))`);
  const { rows: backend } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
  return { pid: backend[0]!.pid, release: () => holder.end().catch(() => undefined) };
}
