/**
 * Operator choices for the app's home (console → Catalogue): banner works (with an
 * optional image of their own) and pinned recommended works, per kind, in order. A kind with no
 * rows keeps today's automatic choice (HomeService). Rows go with their work (cascade).
 *
 * Numbered 0021: 0019 and 0020 belong to other work of the same issue.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('home_picks')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('slot', 'varchar(16)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('image_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('home_picks_slot_work_uq', ['kind', 'slot', 'work_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('home_picks').execute();
}
