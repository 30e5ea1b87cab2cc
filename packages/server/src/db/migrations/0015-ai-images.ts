/**
 * AI images: generation jobs, the gallery, and the AI log.
 *
 * - `ai_jobs`: one row per AI cos generation. `status` moves queued → running → done | failed;
 *   the move to 'failed' is a guarded update, so the refund that goes with it happens once.
 *   `charge` is the JSON of what was taken (AiCharge), given back on failure. `hidden` is set when
 *   the user removes the image from the gallery (the log keeps its line).
 * - `ai_log`: one line per generation or chat message of any AI kind ('image', 'chat', 'recap',
 *   'summary'), written by the images and chat sides through AiLogRepository.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_jobs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('style', 'varchar(20)', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'upload' (input_key is the stored photo) or 'work' (the work's cover). */
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('input_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge', 'varchar(200)', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .addColumn('updated_time', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_jobs_user').on('ai_jobs').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ai_jobs_status').on('ai_jobs').columns(['status', 'id']).execute();

  await db.schema
    .createTable('ai_log')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('cost_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_with', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_log_user').on('ai_log').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_log').execute();
  await db.schema.dropTable('ai_jobs').execute();
}
