/**
 * Invite programme: invitations and their rewards. Every account's invite code already
 * exists (`users.invite_code`, made at creation, unique); this adds who entered whose code.
 *
 * - `invitations`: one row per invited account (`invitee_id` unique: a second code is impossible
 *   even for two racing requests). `deviceid` and `ip` are the invitee's when the code was
 *   entered: the abuse limits count them.
 * - `invite_rewards`: what each invitation paid and to whom: 'invitee' and 'inviter' when the code
 *   is entered, 'first_task' and 'first_topup' (to the inviter) when the friend reaches them.
 *   (invitee_id, kind) is unique, so a milestone pays once per friend; the ledger entries behind a
 *   row have unique keys too (`invite:<invitee>:<kind>:coins|vip`).
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('inviter_id', 'integer', (c) => c.notNull())
    .addColumn('invitee_id', 'integer', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('deviceid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitations_inviter_idx')
    .on('invitations')
    .columns(['inviter_id', 'id'])
    .execute();
  await db.schema.createIndex('invitations_device_idx').on('invitations').columns(['deviceid']).execute();
  await db.schema
    .createIndex('invitations_ip_idx')
    .on('invitations')
    .columns(['ip', 'created_time'])
    .execute();

  await db.schema
    .createTable('invite_rewards')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('invitation_id', 'integer', (c) => c.notNull())
    .addColumn('invitee_id', 'integer', (c) => c.notNull())
    /** Who was paid: the invitee for 'invitee', the inviter otherwise. */
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('vip_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('invite_rewards_once', ['invitee_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('invite_rewards_user_idx')
    .on('invite_rewards')
    .columns(['user_id', 'invitation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invite_rewards').ifExists().execute();
  await db.schema.dropTable('invitations').ifExists().execute();
}
