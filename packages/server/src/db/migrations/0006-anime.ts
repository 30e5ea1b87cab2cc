/**
 * Anime streaming: one HLS packaging job per episode. The row is the job's whole state, so
 * a restart finds interrupted jobs (status processing) and puts them back to waiting; the output
 * (master playlist, renditions, thumbnails, WebVTT subtitles) lives in the media store under
 * `output_prefix`, written only when a job succeeds. `key_hex` is the AES-128 key of a VIP episode's
 * segments, delivered only through the authenticated key endpoint.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transcode_jobs')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey().references('chapters.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    /** The source fingerprint (path:size:mtime) the output was made from; a changed source re-queues. */
    .addColumn('source_fingerprint', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('output_prefix', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('manifest', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('key_hex', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transcode_jobs_status_idx').on('transcode_jobs').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcode_jobs').ifExists().execute();
}
