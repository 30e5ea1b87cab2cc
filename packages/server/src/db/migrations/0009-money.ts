/**
 * Money: one double-entry ledger for coins, VIP time and cash; the products users buy;
 * payment orders with their provider events; chapter unlocks; idempotency records; the built-in
 * cashier's own book; first-party analytics events; friends-help visits.
 *
 * - `ledger_accounts`: one row per (user, kind); user_id 0 holds the system accounts. `balance` is
 *   maintained by the ledger in the same transaction as the legs that change it; a CHECK keeps
 *   user accounts from going below zero even if code is wrong.
 * - `ledger_entries` + `ledger_legs`: immutable; the legs of an entry sum to zero per unit
 *   (coins, seconds of VIP, fen). `entry_key` is unique, so an entry is posted at most once.
 * - `bonus_lots`: what is left of each bonus-coin grant and when it expires (spend order).
 * - `chapters.pay` gains 1 = coin chapter; `works.chapter_price` sets a work's price per chapter.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.js';

/** Fixed here rather than imported: a migration must not change when the code does. */
const SYSTEM_ACCOUNT_KINDS = [
  'cash_gateway',
  'cash_sales',
  'cash_refunds',
  'coins_issued',
  'coins_redeemed',
  'coins_promotions',
  'coins_expired',
  'vip_issued',
  'vip_promotions',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'integer', idColumn(db))
    /** 0 for the system's accounts. */
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_owner_kind', ['user_id', 'kind'])
    .addCheckConstraint('ledger_accounts_non_negative', sql`allow_negative = 1 or balance >= 0`)
    .execute();

  // The system accounts exist from the start, so their ids can be cached for the process's life.
  await db
    .insertInto('ledger_accounts' as never)
    .values(
      SYSTEM_ACCOUNT_KINDS.map((kind) => ({ user_id: 0, kind, allow_negative: 1, created_time: 0 })) as never,
    )
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', idColumn(db))
    /** What makes this movement unique (e.g. 'order:12:fulfil', 'unlock:5:77'). */
    .addColumn('entry_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** The user the movement concerns (0: none). */
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('work_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_idx')
    .on('ledger_entries')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_order_idx')
    .on('ledger_entries')
    .columns(['order_id'])
    .execute();

  await db.schema
    .createTable('ledger_legs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('ledger_entries.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_legs_entry_idx').on('ledger_legs').columns(['entry_id']).execute();
  await db.schema.createIndex('ledger_legs_account_idx').on('ledger_legs').columns(['account_id']).execute();

  await db.schema
    .createTable('bonus_lots')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    /** 0: never expires. */
    .addColumn('expires_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addCheckConstraint('bonus_lots_remaining', sql`remaining >= 0 and remaining <= amount`)
    .execute();
  await db.schema
    .createIndex('bonus_lots_user_idx')
    .on('bonus_lots')
    .columns(['user_id', 'remaining', 'expires_time'])
    .execute();

  await db.schema
    .createTable('chapter_unlocks')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    /** 'single', 'batch', 'auto'. */
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chapter_unlocks_pk', ['user_id', 'chapter_id'])
    .execute();
  await db.schema
    .createIndex('chapter_unlocks_user_time_idx')
    .on('chapter_unlocks')
    .columns(['user_id', 'created_time'])
    .execute();

  await db.schema
    .createTable('auto_unlocks')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('auto_unlocks_pk', ['user_id', 'work_id'])
    .execute();

  await db.schema
    .createTable('vip_plans')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    /** The first paid VIP's price (0: no offer). */
    .addColumn('first_price_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('badge', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coin_packages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_days', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('badge', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();

  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('vip_plans' as never)
    .values([
      {
        code: 'monthly',
        name: 'Monthly',
        days: 30,
        price_fen: 2500,
        first_price_fen: 600,
        badge: 'first_offer',
        sort: 1,
        updated_time: now,
      },
      {
        code: 'quarterly',
        name: 'Quarterly',
        days: 90,
        price_fen: 6800,
        first_price_fen: 0,
        badge: '',
        sort: 2,
        updated_time: now,
      },
      {
        code: 'yearly',
        name: 'Yearly',
        days: 365,
        price_fen: 22800,
        first_price_fen: 0,
        badge: 'best_value',
        sort: 3,
        updated_time: now,
      },
    ] as never)
    .execute();
  await db
    .insertInto('coin_packages' as never)
    .values([
      { coins: 60, bonus: 0, bonus_days: 90, price_fen: 600, badge: '', sort: 1, updated_time: now },
      { coins: 300, bonus: 30, bonus_days: 90, price_fen: 3000, badge: '', sort: 2, updated_time: now },
      {
        coins: 980,
        bonus: 150,
        bonus_days: 90,
        price_fen: 9800,
        badge: 'popular',
        sort: 3,
        updated_time: now,
      },
      { coins: 1980, bonus: 400, bonus_days: 90, price_fen: 19800, badge: '', sort: 4, updated_time: now },
    ] as never)
    .execute();

  await db.schema
    .alterTable('works')
    .addColumn('chapter_price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** 'vip' or 'coins'. */
    .addColumn('product_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    /** created | paid | fulfilled | expired | failed | cancelled | refunded */
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_days', 'integer', (c) => c.notNull().defaultTo(0))
    /** The provider's id of the payment (Stripe Checkout Session id, cashier payment id). */
    .addColumn('provider_ref', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('pay_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('expires_time', 'bigint', (c) => c.notNull())
    .addColumn('paid_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fulfilled_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('payment_orders_user_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('payment_orders_user_idx')
    .on('payment_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('payment_orders_status_idx')
    .on('payment_orders')
    .columns(['status', 'expires_time'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    /** The provider's event id: a replayed callback is recognised by it. */
    .addColumn('event_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(80)', (c) => c.notNull())
    .addColumn('received_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_events_once', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('idempotency_records')
    /** '<user id>:<call path>:<client key>'. */
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    /** The first answer, JSON. */
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cashier_payments')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('payment_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('return_url', 'varchar(2000)', (c) => c.notNull())
    /** pending | paid | cancelled | refunded */
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('expires_time', 'bigint', (c) => c.notNull())
    .addColumn('paid_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('label', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'varchar(4000)', (c) => c.notNull().defaultTo('{}'))
    .addColumn('value', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    /** Client time of the event, ms. */
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('received_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_name_idx')
    .on('analytics_events')
    .columns(['name', 'received_time'])
    .execute();

  await db.schema
    .createTable('assist_helps')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('sharer_id', 'integer', (c) => c.notNull())
    /** Each account helps once, ever. */
    .addColumn('helper_id', 'integer', (c) => c.notNull().unique())
    .addColumn('deviceid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assist_helps_sharer_idx')
    .on('assist_helps')
    .columns(['sharer_id', 'created_time'])
    .execute();
  await db.schema.createIndex('assist_helps_device_idx').on('assist_helps').columns(['deviceid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'assist_helps',
    'analytics_events',
    'cashier_payments',
    'idempotency_records',
    'payment_events',
    'payment_orders',
    'coin_packages',
    'vip_plans',
    'auto_unlocks',
    'chapter_unlocks',
    'bonus_lots',
    'ledger_legs',
    'ledger_entries',
    'ledger_accounts',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('works').dropColumn('chapter_price').execute();
}
