/**
 * Cached reading helpers belong to the model that wrote them. An older build counted its built-in
 * provider as a model and cached its "recaps" (chapter titles strung together); those rows, like
 * every row written before this migration, name no model, so none of them can be told apart from a
 * real model's answer: all are dropped and the next reader gets a fresh answer.
 *
 * The table is made again rather than altered: its primary key gains `subject` (the name a "who
 * is" answer is about, '' for recaps and summaries) and `model`, and SQLite cannot change a primary
 * key in place.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_helper_cache').execute();
  await db.schema
    .createTable('ai_helper_cache')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('subject', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    // "<provider>/<model>", e.g. "openai/qwen2.5:7b".
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_helper_cache_pk', ['kind', 'chapter_id', 'subject', 'model'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_helper_cache').execute();
  await db.schema
    .createTable('ai_helper_cache')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_helper_cache_pk', ['kind', 'chapter_id'])
    .execute();
}
