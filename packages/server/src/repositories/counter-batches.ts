/**
 * Exactly-once for the shared counters' batches (scale-out, migration 0025). A flush writes a batch
 * taken from Redis inside one transaction; `firstWriteOfBatch` records the batch's id in that same
 * transaction and says whether it was new. A batch taken again (its flusher died after the commit
 * and before deleting it from Redis, or its write outlasted the 60 s after which another flush may
 * take it) finds its id and writes nothing. On PostgreSQL a second, concurrent insert of the same
 * id waits for the first transaction and then does nothing; SQLite runs one writer at a time.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * How long an id is kept. A left-over batch is taken again by any running instance within a minute;
 * a day also covers a deployment that was down for hours while Redis kept its keys.
 */
export const COUNTER_BATCH_RETENTION_S = 24 * 60 * 60;

/** Records `batch` as written (inside the caller's transaction); false when it already was. */
export async function firstWriteOfBatch(trx: Kysely<DB>, batch: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  const inserted = await trx
    .insertInto('counter_batches')
    .values({ batch, applied_time: now })
    .onConflict((oc) => oc.column('batch').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  await trx
    .deleteFrom('counter_batches')
    .where('applied_time', '<', now - COUNTER_BATCH_RETENTION_S)
    .execute();
  return true;
}
