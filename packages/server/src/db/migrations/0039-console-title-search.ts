/**
 * The console's work search matches titles as substrings (`title LIKE '%…%'`), which on
 * PostgreSQL read every work twice a search (the page and its count): about 40 ms at 100,000
 * works, growing with the catalogue. A pg_trgm GIN index on the title serves the same LIKE for
 * any search of three characters or more (migration 0005 installs pg_trgm where the server has
 * it); shorter ones still read the table. SQLite has no such index for LIKE and keeps its scan.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './helpers.js';

async function hasTrigrams(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db) || !(await hasTrigrams(db))) return;
  await sql`create index if not exists works_title_trgm on works using gin (title public.gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop index if exists works_title_trgm`.execute(db);
}
