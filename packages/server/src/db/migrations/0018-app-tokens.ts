/**
 * App tokens for OPDS: per-user secrets that e-reader apps send as the HTTP Basic password of the
 * OPDS catalogue. Only the sha256 of a token is stored; `hint` keeps its last 4 characters so the
 * settings page can tell tokens apart. A revoked token keeps its row (revoked_time > 0) so the list
 * can say when; it never authenticates again.
 *
 * Numbered 0018: 0017 is taken by the operator console of the same issue.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_tokens')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hint', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'integer', (c) => c.notNull())
    .addColumn('last_used_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_time', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('app_tokens_user').on('app_tokens').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_tokens').execute();
}
