/**
 * Search freshness without a scan: triggers on the tables a search document is built from
 * (works' indexed columns, work_authors, work_tags) leave a row in `search_changes`. The search
 * service reads "is there any row?" (one index probe) before a search, and only when there is one
 * deletes the rows and runs the full comparison of works with their documents. Whoever writes the
 * catalogue (the importer, an operator's SQL, a test) needs to know nothing about it.
 *
 * SQLite has only row-level triggers and one writer, so it keeps at most one row (id 1).
 * PostgreSQL appends one row per statement (an identity id, so concurrent writers never wait on one
 * another): a row of a transaction not yet committed is invisible to the service's delete and stays
 * for the next check.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, isSqlite } from './helpers.js';

/** Tables whose changes can make a document stale, and the columns that matter (null: all). */
const WATCHED: { table: string; columns: string[] | null }[] = [
  {
    table: 'works',
    columns: ['type', 'title', 'alt_titles', 'summary', 'published', 'updated_time'],
  },
  { table: 'work_authors', columns: null },
  { table: 'work_tags', columns: null },
];
const EVENTS = ['insert', 'update', 'delete'] as const;
const triggerName = (table: string, event: string) => `search_changes_${table}_${event}`;
const updateOf = (event: string, columns: string[] | null) =>
  event === 'update' && columns ? `update of ${columns.join(', ')}` : event;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('search_changes').addColumn('id', 'integer', idColumn(db)).execute();
  if (isSqlite(db)) {
    for (const { table, columns } of WATCHED) {
      for (const event of EVENTS) {
        await sql
          .raw(
            `create trigger ${triggerName(table, event)} after ${updateOf(event, columns)} on ${table}
             begin insert or ignore into search_changes (id) values (1); end`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql`
    create function search_changes_mark() returns trigger language plpgsql as $$
    begin
      insert into search_changes default values;
      return null;
    end $$`.execute(db);
  for (const { table, columns } of WATCHED) {
    for (const event of [...EVENTS, 'truncate']) {
      await sql
        .raw(
          `create trigger ${triggerName(table, event)} after ${updateOf(event, columns)} on ${table}
           for each statement execute function search_changes_mark()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  for (const { table } of WATCHED) {
    for (const event of sqlite ? EVENTS : [...EVENTS, 'truncate']) {
      await sql
        .raw(`drop trigger if exists ${triggerName(table, event)}${sqlite ? '' : ` on ${table}`}`)
        .execute(db);
    }
  }
  if (!sqlite) await sql`drop function if exists search_changes_mark()`.execute(db);
  await db.schema.dropTable('search_changes').ifExists().execute();
}
