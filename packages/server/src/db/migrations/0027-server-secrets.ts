/**
 * Server secrets and first-purchase reservations.
 *
 * `server_secrets`: keys only the server knows (the demo cashier's notification HMAC, the signing
 * key of video key tokens), generated at random on first start unless configured. They live in the
 * database so every instance of a cluster signs and verifies with the same key; they are never
 * derived from ENVELOPE_KEY, API_KEY or IMAGE_XOR_KEY, which every visitor can read.
 *
 * `first_price_holds`: the one order per user and offer that carries a first-purchase price. The
 * primary key makes taking it atomic (insert … on conflict do nothing in the order's transaction);
 * the row is dropped when its order is cancelled, expires or fails unpaid.
 *
 * `payment_orders.first_price`: 1 when the order was priced at the first-purchase price.
 * `payment_orders.late_payment`: a payment that arrived after the order was closed ('after_expiry',
 * 'after_cancel'; docs/operate/payments.md, "Late payments").
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('first_price_holds')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('offer', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('first_price_holds_pk', ['user_id', 'offer'])
    .execute();
  await db.schema
    .alterTable('payment_orders')
    .addColumn('first_price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payment_orders')
    .addColumn('late_payment', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_orders').dropColumn('late_payment').execute();
  await db.schema.alterTable('payment_orders').dropColumn('first_price').execute();
  await db.schema.dropTable('first_price_holds').ifExists().execute();
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
