/**
 * The importer's own bookkeeping: the libraries it has scanned (so several roots can live side by
 * side without their relative paths colliding), its runs (status and summary for the admin
 * console, and the marker that tells the next run a crash left work unfinished), per-file metadata
 * (so a work's metadata is re-derived from all of its files when one of them changes, without
 * reopening the others) and the media a chapter uses besides its pages (novel images, episode
 * posters, per-file covers), which together with pages/works/videos is the reference set for
 * orphan collection.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_libraries')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('root', 'varchar(1024)', (c) => c.notNull().unique())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('library_id', 'integer', (c) =>
      c.notNull().references('import_libraries.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_time', 'bigint', (c) => c.notNull())
    .addColumn('finished_time', 'bigint')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('import_runs_library_idx')
    .on('import_runs')
    .columns(['library_id', 'id'])
    .execute();

  await db.schema
    .alterTable('library_files')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('library_files_work_idx').on('library_files').column('work_id').execute();

  await db.schema
    .createTable('chapter_media')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('media_key', 'varchar(255)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chapter_media_pk', ['chapter_id', 'media_key'])
    .execute();
  await db.schema.createIndex('chapter_media_key_idx').on('chapter_media').column('media_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chapter_media').ifExists().execute();
  await db.schema.dropIndex('library_files_work_idx').ifExists().execute();
  await db.schema.alterTable('library_files').dropColumn('meta').execute();
  await db.schema.dropTable('import_runs').ifExists().execute();
  await db.schema.dropTable('import_libraries').ifExists().execute();
}
