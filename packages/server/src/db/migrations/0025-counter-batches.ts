/**
 * Counter batches already written. The shared view and ad counters are flushed from
 * Redis in batches, each with its own id; a flusher that dies after its database commit but before
 * it deletes the batch from Redis leaves the batch to be taken again by another instance. Recording
 * the id in the same transaction as the counts lets that second write see it and skip, so every
 * count is written exactly once. Rows older than a day are pruned by the flushes themselves.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('counter_batches')
    .addColumn('batch', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('applied_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('counter_batches_applied_time_idx')
    .on('counter_batches')
    .column('applied_time')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('counter_batches').ifExists().execute();
}
