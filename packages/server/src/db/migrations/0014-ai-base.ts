/**
 * The AI section's money: AI credits are bought with coins and spent on generations
 * through the ledger, with a few free tries a day first.
 *
 * - system accounts `ai_issued` (credits sold for coins leave from here, −) and `ai_redeemed`
 *   (credits spent on generations, +); `ai_promotions` (task rewards) exists since 0010;
 * - `ai_free_uses`: free tries used per user and day (the day in the server's task time zone).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('ledger_accounts' as never)
    .values([
      { user_id: 0, kind: 'ai_issued', allow_negative: 1, created_time: 0 },
      { user_id: 0, kind: 'ai_redeemed', allow_negative: 1, created_time: 0 },
    ] as never)
    .execute();
  await db.schema
    .createTable('ai_free_uses')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_free_uses_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_free_uses').execute();
  await db
    .deleteFrom('ledger_accounts' as never)
    .where('user_id' as never, '=', 0 as never)
    .where('kind' as never, 'in', ['ai_issued', 'ai_redeemed'] as never)
    .execute();
}
