/**
 * Community: comments with replies, likes, reports and per-user blocks; messages with
 * per-user read state; follows; feedback. Editable texts (help, notices, customer service, about,
 * agreement) and comment moderation switches are `settings` rows (`community.*`), read with
 * defaults in the server, so no rows are seeded here.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 0 for a top-level comment, else the top-level comment a reply belongs to. */
    .addColumn('father_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_child_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    /** JSON array of media URL paths. */
    .addColumn('images', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
    /** 0 under review, 1 published, 2 rejected. */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('zan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_work_idx')
    .on('comments')
    .columns(['work_id', 'father_id', 'created_time'])
    .execute();
  await db.schema.createIndex('comments_father_idx').on('comments').columns(['father_id', 'id']).execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('comment_reports')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    /** Set by an operator once handled. */
    .addColumn('handled_time', 'bigint')
    .addUniqueConstraint('comment_reports_once', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('user_blocks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['user_id', 'blocked_user_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', idColumn(db))
    /** The recipient; 0 for a system notice to everyone. */
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** 1 system, 2 reply to my comment, 3 update of a followed work. */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['user_id', 'type', 'id'])
    .execute();
  await db.schema
    .createTable('message_reads')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['message_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema.createIndex('follows_work_idx').on('follows').column('work_id').execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('contact', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reply', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('reply_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_user_idx').on('feedback').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'feedback',
    'follows',
    'message_reads',
    'messages',
    'user_blocks',
    'comment_reports',
    'comment_likes',
    'comments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
