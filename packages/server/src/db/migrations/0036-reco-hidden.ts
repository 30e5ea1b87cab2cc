/**
 * "Not interested": the works a reader asked never to be recommended again ("for you" and
 * "readers of this also read" leave them out until the reader shows them again from Settings).
 * Keyed by the reader's user row, so a guest who registers keeps the list (the guest row becomes
 * the account); erasing an account deletes its rows, and a deleted work takes its rows with it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reco_hidden')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reco_hidden_pk', ['user_id', 'work_id'])
    .execute();
  // Deleting a work cascades through work_id; without an index PostgreSQL scans the table.
  await db.schema.createIndex('reco_hidden_work_idx').on('reco_hidden').column('work_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reco_hidden').ifExists().execute();
}
