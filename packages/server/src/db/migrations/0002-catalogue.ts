/**
 * The catalogue: works (comics, novels, anime), their authors, tags and categories, chapters (which
 * are episodes for anime), comic pages, novel chapter text, video sources, the media objects they
 * point at, and the importer's record of library files (for incremental, crash-safe rescans).
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('works')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('alt_titles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cover_height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score_x10', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('rtl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_rating', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_key', 'varchar(1024)', (c) => c.notNull().unique())
    .addColumn('chapter_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_chapter_title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('views_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('favorites_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('works_type_updated_idx')
    .on('works')
    .columns(['type', 'updated_time'])
    .execute();

  await db.schema
    .createTable('authors')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('work_authors')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('authors.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull().defaultTo('writer'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_authors_pk', ['work_id', 'author_id', 'role'])
    .execute();
  await db.schema.createIndex('work_authors_author_idx').on('work_authors').column('author_id').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('work_tags')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('work_tags_pk', ['work_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('work_tags_tag_idx').on('work_tags').column('tag_id').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('categories_type_name_uq', ['type', 'name'])
    .execute();
  await db.schema
    .createTable('work_categories')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('work_categories_pk', ['work_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('work_categories_category_idx')
    .on('work_categories')
    .column('category_id')
    .execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('volume', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source_path', 'varchar(1024)', (c) => c.notNull())
    .addColumn('source_fingerprint', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chapters_work_source_uq', ['work_id', 'source_path'])
    .execute();
  await db.schema
    .createIndex('chapters_work_order_idx')
    .on('chapters')
    .columns(['work_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('page_index', 'integer', (c) => c.notNull())
    .addColumn('media_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pages_pk', ['chapter_id', 'page_index'])
    .execute();
  await db.schema.createIndex('pages_media_key_idx').on('pages').column('media_key').execute();

  await db.schema
    .createTable('novel_texts')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey().references('chapters.id').onDelete('cascade'))
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey().references('chapters.id').onDelete('cascade'))
    .addColumn('source_path', 'varchar(1024)', (c) => c.notNull())
    .addColumn('container', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_codec', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('audio_codecs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('subtitles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('poster_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('media_objects')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('library_files')
    .addColumn('path', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mtime_ms', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.references('works.id').onDelete('set null'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scanned_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'library_files',
    'media_objects',
    'videos',
    'novel_texts',
    'pages',
    'chapters',
    'work_categories',
    'categories',
    'work_tags',
    'tags',
    'work_authors',
    'authors',
    'works',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
