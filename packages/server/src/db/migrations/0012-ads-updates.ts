/**
 * Ad statistics: impressions and clicks per ad and UTC day, written as roll-ups by the
 * buffered counter (services/ad-stats.service.ts), never a row per view. The update config needs no
 * table: it lives in `settings` under the keys `update.*` (services/update-config.service.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ad_stats_daily')
    .addColumn('ad_id', 'integer', (c) => c.notNull())
    /** Days since the Unix epoch (UTC), as work_stats_daily. */
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ad_stats_daily_pk', ['ad_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ad_stats_daily').ifExists().execute();
}
