/**
 * `reading_history.read_at_ms`: when the reader reached the saved place (milliseconds since the
 * epoch), as the app reports it. A place saved offline is sent later, possibly after a newer
 * place was saved on another device; the save keeps a place only when its time is not older than
 * the stored one, so a late place never overwrites a newer one. Milliseconds, because one reader
 * saves several places a second while turning pages, and `updated_time` (seconds, the history
 * order) cannot tell them apart. Existing rows take their `updated_time`.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reading_history')
    .addColumn('read_at_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE reading_history SET read_at_ms = updated_time * 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reading_history').dropColumn('read_at_ms').execute();
}
