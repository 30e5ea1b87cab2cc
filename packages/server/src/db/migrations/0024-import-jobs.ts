/**
 * Import jobs as every instance sees them (scale-out). Until now a job lived in the memory of the
 * instance that queued it: on several instances the console's "scan" answered a job id that the
 * next request, landing on another instance, did not know. Each job is now a row, written by the
 * instance that runs it (`owner`): queued → running (progress at most once a second) → done or
 * failed. `heartbeat_time` is refreshed by the owner while the job is queued or running; a row
 * whose owner stopped refreshing it is closed as failed by any instance (the import itself is
 * resumed by the `library_import_resume` sweep, or by the next start).
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('root', 'varchar(1024)', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'text')
    .addColumn('summary', 'text')
    .addColumn('reason', 'text')
    .addColumn('owner', 'varchar(255)', (c) => c.notNull())
    .addColumn('queued_time', 'bigint', (c) => c.notNull())
    .addColumn('started_time', 'bigint')
    .addColumn('finished_time', 'bigint')
    .addColumn('heartbeat_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_jobs_state_idx')
    .on('import_jobs')
    .columns(['state', 'heartbeat_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_jobs').ifExists().execute();
}
