/**
 * Accounts and identity: verification codes, rate-limit counters, identity cards, and uniqueness of
 * the bound phone number and e-mail address among accounts.
 *
 * Rate-limit counters live in the database rather than in memory so that several server processes
 * sharing one PostgreSQL count together and a restart does not reset a lock-out.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'integer', idColumn(db))
    /** 'tel:<number>' or 'email:<address>'. */
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    /** sha256 of salt + code; the code itself is never stored. */
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('expires_time', 'bigint', (c) => c.notNull())
    .addColumn('used_time', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['target', 'purpose', 'id'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    /** e.g. 'code:tel:13800000000', 'login-fail:email:a@b.c', 'code-ip:127.0.0.1'. */
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_cards')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** sha256 of the card's secret; the QR text itself is shown once and never stored. */
    .addColumn('secret_hash', 'char(64)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();

  // One account per phone number and per e-mail address. Guests and deleted accounts hold '', which
  // the partial indexes leave out.
  await db.schema
    .createIndex('users_tel_unique')
    .on('users')
    .column('tel')
    .unique()
    .where(sql.ref('tel'), '<>', '')
    .execute();
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .column('email')
    .unique()
    .where(sql.ref('email'), '<>', '')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_email_unique').ifExists().execute();
  await db.schema.dropIndex('users_tel_unique').ifExists().execute();
  for (const table of ['identity_cards', 'rate_limits', 'verification_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
