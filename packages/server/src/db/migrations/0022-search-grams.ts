/**
 * Short search terms, made fast. The trigram indexes (SQLite FTS5 `trigram`, PostgreSQL pg_trgm)
 * cannot serve a term under three characters, and two-character words are what Chinese readers
 * type most (一拳, 海贼, 斗罗): such a search scanned every document. search_grams holds, per
 * document, each distinct character and pair of adjacent characters of its body (code points,
 * none with whitespace, since terms never hold any), so a 1- or 2-character term is an index seek.
 *
 * Existing documents are dropped so that the next search rebuilds every one with its grams (the
 * index is derived data; SearchService rebuilds missing documents on its first check).
 *
 * Numbered 0022: 0019–0021 belong to the console's work of the same weeks.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('search_grams')
    .addColumn('gram', 'varchar(8)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) =>
      c.notNull().references('search_documents.work_id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('search_grams_pk', ['gram', 'work_id'])
    // SQLite: the primary key is the table (one b-tree, no rowid), so a gram's works are one range.
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // Removing a work's document removes its grams by work id.
  await db.schema.createIndex('search_grams_work').on('search_grams').column('work_id').execute();
  if (sqlite) await sql`delete from search_fts`.execute(db);
  await sql`delete from search_documents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_grams').execute();
}
