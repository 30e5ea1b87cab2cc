/**
 * Back-off for login failures per account: instead of locking an account (which anyone who knows
 * its login name could do to its owner), the next attempt is not evaluated before `until_time`,
 * a delay that doubles with each failure up to a short cap (rate-limit/rate-limiter.ts). Fixed-window
 * counters leave it 0.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rate_limits')
    .addColumn('until_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').dropColumn('until_time').execute();
}
