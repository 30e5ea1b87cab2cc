/**
 * Order and ledger entry titles the server writes (a coin pack, a VIP plan, a refund, a reward)
 * are read in the reader's language (so is the demo cashier's copy of an order's title): `title_key` names the text (services/money-texts.ts) and
 * `params` (JSON) fills it; `title` keeps the English rendering for the console and for rows
 * written before this migration, which keep `title_key` '' and are shown as stored.
 */
import type { Kysely } from 'kysely';

/** The demo cashier's payments carry their order's title, shown on its page in the payer's language. */
const TABLES = ['payment_orders', 'ledger_entries', 'cashier_payments'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('title_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('params', 'varchar(1000)', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('params').execute();
    await db.schema.alterTable(table).dropColumn('title_key').execute();
  }
}
