/**
 * Users (guests and registered users in one table, so a guest can become a user without moving
 * rows), the device → guest map, sessions and the settings store. Migrations are frozen once
 * shipped: change the schema with a new migration, never by editing this one.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('guest_pass', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('pic', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('tel', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('tel_code', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('viptime', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vipday', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rmb_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('ai_cos_coin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_free_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .addColumn('deleted_time', 'bigint')
    .execute();

  await db.schema
    .createTable('guest_devices')
    .addColumn('deviceid', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_devices_user_id_idx').on('guest_devices').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deviceid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('facility', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_time', 'bigint', (c) => c.notNull())
    .addColumn('revoked_time', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'sessions', 'guest_devices', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
