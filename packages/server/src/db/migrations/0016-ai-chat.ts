/**
 * AI chat and reading helpers:
 * - `ai_chat_messages`: one row per message of a conversation (user, work, character); a
 *   character's reply row also records what the message cost (for a one-time refund) and, until
 *   its stream is opened, the sha256 of its one-time stream token;
 * - `ai_helper_cache`: recaps and chapter summaries, generated once per chapter.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_chat_messages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('character', 'varchar(40)', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('done'))
    .addColumn('paid_with', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('cost_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stream_token_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('stream_expires', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .addColumn('updated_time', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_chat_messages_conversation')
    .on('ai_chat_messages')
    .columns(['user_id', 'work_id', 'character', 'id'])
    .execute();
  await db.schema
    .createIndex('ai_chat_messages_token')
    .on('ai_chat_messages')
    .column('stream_token_hash')
    .execute();
  await db.schema
    .createTable('ai_helper_cache')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_helper_cache_pk', ['kind', 'chapter_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_helper_cache').execute();
  await db.schema.dropTable('ai_chat_messages').execute();
}
