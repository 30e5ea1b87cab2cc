/**
 * A catalogue version for caches of what readers see (hot-call speed). `catalogue_version` holds one
 * row whose `version` grows with every committed change to what a chapter opening or a work card
 * shows: works' columns (not their view and favourite counters), chapters, pages, and the works'
 * authors and tags. The reader and search read it (one primary-key probe) before they use a kept
 * chapter or card, so an unpublish, a re-import, a price change or a chapter turned paid reaches
 * the next reader at once, whoever wrote it (the importer, the console, an operator's SQL).
 *
 * SQLite has one writer, so row triggers bump the row directly. PostgreSQL bumps it from deferred
 * constraint triggers, once per transaction (a transaction-local setting remembers it): the row is
 * locked only while the writing transaction commits, never between its statements, so concurrent
 * catalogue writers cannot deadlock on it; and the bump commits together with the change, so a
 * reader that sees the new version also sees the changed rows.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './helpers.js';

/**
 * Tables whose changes alter what readers see (null: all columns). Works' counters (views_total,
 * favorites_total), which readers move all the time, are left out; so are columns no reader sees.
 */
const WATCHED: { table: string; columns: string[] | null }[] = [
  {
    table: 'works',
    columns: [
      'type',
      'title',
      'alt_titles',
      'summary',
      'cover_key',
      'cover_width',
      'cover_height',
      'is_end',
      'pay',
      'chapter_price',
      'score_x10',
      'rtl',
      'chapter_count',
      'latest_chapter_title',
      'published',
      'updated_time',
    ],
  },
  { table: 'chapters', columns: null },
  { table: 'pages', columns: null },
  { table: 'work_authors', columns: null },
  { table: 'work_tags', columns: null },
  { table: 'authors', columns: null },
  { table: 'tags', columns: null },
];
const EVENTS = ['insert', 'update', 'delete'] as const;
const triggerName = (table: string, event: string) => `catalogue_version_${table}_${event}`;
const updateOf = (event: string, columns: string[] | null) =>
  event === 'update' && columns ? `update of ${columns.join(', ')}` : event;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);
  if (isSqlite(db)) {
    for (const { table, columns } of WATCHED) {
      for (const event of EVENTS) {
        await sql
          .raw(
            `create trigger ${triggerName(table, event)} after ${updateOf(event, columns)} on ${table}
             begin update catalogue_version set version = version + 1 where id = 1; end`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql`
    create function catalogue_version_bump() returns trigger language plpgsql as $$
    begin
      if current_setting('dm51.catalogue_bumped', true) is distinct from txid_current()::text then
        perform set_config('dm51.catalogue_bumped', txid_current()::text, true);
        update catalogue_version set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  for (const { table, columns } of WATCHED) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create constraint trigger ${triggerName(table, event)} after ${updateOf(event, columns)} on ${table}
           deferrable initially deferred for each row execute function catalogue_version_bump()`,
        )
        .execute(db);
    }
    // Constraint triggers cannot watch truncate; a truncate is rare enough to bump at once.
    await sql
      .raw(
        `create trigger ${triggerName(table, 'truncate')} after truncate on ${table}
         for each statement execute function catalogue_version_bump()`,
      )
      .execute(db);
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
  if (!sqlite) await sql`drop function if exists catalogue_version_bump()`.execute(db);
  await db.schema.dropTable('catalogue_version').ifExists().execute();
}
