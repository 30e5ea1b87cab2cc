/**
 * "For you" and "readers of this also read": for each work, the works most often read or shelved
 * by the same readers (item-to-item co-occurrence). A background job (services/recommendation-
 * builder.service.ts) rewrites a work's rows in one transaction, so a reader never sees half of a
 * work's list. `score` is the cosine of the two works' reader sets × 1,000,000, rounded: an
 * integer, so both databases read back the same value; `together` is how many readers had both.
 *
 * Operator pins and exclusions live with the home picks (home_picks slots 'for_you', 'exclude').
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_similar')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('other_work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('together', 'integer', (c) => c.notNull())
    .addColumn('computed_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_similar_pk', ['work_id', 'other_work_id'])
    .execute();
  // Deleting a work cascades through other_work_id too; without an index PostgreSQL scans the table.
  await db.schema.createIndex('work_similar_other_idx').on('work_similar').column('other_work_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('work_similar').ifExists().execute();
}
