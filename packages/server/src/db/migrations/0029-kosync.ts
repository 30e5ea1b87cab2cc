/**
 * KOReader progress sync (kosync, see kosync/):
 *
 * - `app_tokens.sync_key_hash`: sha256 of the MD5 (lower-case hex) of the token. KOReader signs in
 *   with the MD5 of its password, so the token itself cannot be checked; the MD5 is recorded when
 *   a token is made. Tokens made before this migration keep '' and work for OPDS only.
 * - `reading_history.synced_from`: the e-reader's device name when KOReader saved the place, ''
 *   when the app did ("continued on KOReader · Kobo Clara").
 * - `library_files.partial_md5` / `name_md5`: KOReader's two document ids of a library file (its
 *   partial MD5, the MD5 of its file name), so a file copied to the e-reader finds its work.
 * - `sync_documents`: the documents an account's e-readers know (every download the server made
 *   for it, by both ids, and every document KOReader synced), what each is (work, chapter,
 *   format, and for an EPUB the chapter of each spine document), and KOReader's last progress.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_tokens')
    .addColumn('sync_key_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('app_tokens_sync_key').on('app_tokens').column('sync_key_hash').execute();

  await db.schema
    .alterTable('reading_history')
    .addColumn('synced_from', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('library_files')
    .addColumn('partial_md5', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('library_files')
    .addColumn('name_md5', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('library_files_partial_md5')
    .on('library_files')
    .column('partial_md5')
    .execute();
  await db.schema.createIndex('library_files_name_md5').on('library_files').column('name_md5').execute();

  await db.schema
    .createTable('sync_documents')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** A KOReader document id: a partial MD5 or a file name's MD5 (32 lower-case hex). */
    .addColumn('document', 'varchar(32)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull())
    /** The chapter of a one-chapter document (a CBZ, a PDF); 0 for a whole-work EPUB. */
    .addColumn('chapter_id', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'cbz' | 'pdf' | 'epub'. */
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    /** EPUB: JSON array, the chapter id of each spine document in order (0: not a chapter). */
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('[]'))
    /** KOReader's last push: its progress string, percentage, device and device id; '' before. */
    .addColumn('progress', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('percentage', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('device', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('progress_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_time', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_documents_pk', ['user_id', 'document'])
    .execute();
  await db.schema
    .createIndex('sync_documents_work')
    .on('sync_documents')
    .columns(['user_id', 'work_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_documents').execute();
  await db.schema.dropIndex('library_files_name_md5').execute();
  await db.schema.dropIndex('library_files_partial_md5').execute();
  await db.schema.alterTable('library_files').dropColumn('name_md5').execute();
  await db.schema.alterTable('library_files').dropColumn('partial_md5').execute();
  await db.schema.alterTable('reading_history').dropColumn('synced_from').execute();
  await db.schema.dropIndex('app_tokens_sync_key').execute();
  await db.schema.alterTable('app_tokens').dropColumn('sync_key_hash').execute();
}
