/**
 * Discovery and reading: favourites, reading history, the daily view/favourite roll-up that ranking
 * reads, the search index (FTS5 trigram on SQLite, pg_trgm on PostgreSQL), recent and popular
 * searches, and ads. Plus the works indexes that the "hot" and "score" orders need.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, isSqlite } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keyed by user id: guests have a shelf too, and it follows them when they register (same id).
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('added_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('favorites_user_type_idx')
    .on('favorites')
    .columns(['user_id', 'type', 'added_time'])
    .execute();

  await db.schema
    .createTable('reading_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('page_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_history_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('reading_history_user_time_idx')
    .on('reading_history')
    .columns(['user_id', 'updated_time'])
    .execute();

  // One row per work per UTC day (day = unix seconds / 86400), written by the buffered view counter.
  await db.schema
    .createTable('work_stats_daily')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('favorites', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_stats_daily_pk', ['work_id', 'day'])
    .execute();
  await db.schema
    .createIndex('work_stats_daily_day_idx')
    .on('work_stats_daily')
    .columns(['day', 'work_id'])
    .execute();

  await db.schema.createIndex('works_type_views_idx').on('works').columns(['type', 'views_total']).execute();
  await db.schema.createIndex('works_type_score_idx').on('works').columns(['type', 'score_x10']).execute();

  // The search document of a work: lowercased text by field weight, and what it was built from
  // (src_*), so a cheap join finds works the importer changed since they were indexed.
  await db.schema
    .createTable('search_documents')
    .addColumn('work_id', 'integer', (c) => c.primaryKey().references('works.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title_text', 'text', (c) => c.notNull())
    .addColumn('people_text', 'text', (c) => c.notNull())
    .addColumn('summary_text', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('src_updated_time', 'bigint', (c) => c.notNull())
    .addColumn('src_title', 'text', (c) => c.notNull())
    .addColumn('src_alt_titles', 'text', (c) => c.notNull())
    .addColumn('src_summary_length', 'integer', (c) => c.notNull())
    .addColumn('src_authors_sig', 'bigint', (c) => c.notNull())
    .addColumn('src_tags_sig', 'bigint', (c) => c.notNull())
    .execute();
  if (isSqlite(db)) {
    // rowid = work_id; the trigram tokenizer matches any substring of 3+ characters, CJK included.
    await sql`create virtual table search_fts using fts5(body, tokenize = 'trigram')`.execute(db);
  } else {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) {
      // In public so every schema on the server (one per tenant or test app) shares one install.
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`create index search_documents_body_trgm on search_documents using gin (body public.gin_trgm_ops)`.execute(
        db,
      );
    }
  }

  await db.schema
    .createTable('search_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('keyword', 'varchar(64)', (c) => c.notNull())
    .addColumn('searched_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_history_pk', ['user_id', 'keyword'])
    .execute();
  await db.schema
    .createIndex('search_history_user_time_idx')
    .on('search_history')
    .columns(['user_id', 'searched_time'])
    .execute();
  // Users searching a keyword per day (each user once a day): popular searches sum a window of it.
  await db.schema
    .createTable('search_stats_daily')
    .addColumn('keyword', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_stats_daily_pk', ['keyword', 'day'])
    .execute();
  await db.schema.createIndex('search_stats_daily_day_idx').on('search_stats_daily').column('day').execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('page', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('pic', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('pic_width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pic_height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'varchar(32)', (c) => c.notNull().defaultTo('right-bottom'))
    .addColumn('position_offset_x', 'varchar(16)', (c) => c.notNull().defaultTo('0px'))
    .addColumn('position_offset_y', 'varchar(16)', (c) => c.notNull().defaultTo('0px'))
    .addColumn('bg_transparent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_time_again', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platform_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('adtext_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('adtext', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('adtext_size', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('adtext_color', 'varchar(16)', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('close_btn_control', 'varchar(8)', (c) => c.notNull().defaultTo('small'))
    .addColumn('ad_bg_show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await sql`drop table if exists search_fts`.execute(db);
  for (const table of [
    'ads',
    'search_stats_daily',
    'search_history',
    'search_documents',
    'work_stats_daily',
    'reading_history',
    'favorites',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('works_type_views_idx').ifExists().execute();
  await db.schema.dropIndex('works_type_score_idx').ifExists().execute();
}
