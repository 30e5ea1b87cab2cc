/**
 * Ads managed in the operator console: a schedule and an edit time. `start_time` / `end_time` are
 * Unix seconds, 0 meaning "from the start" / "no end"; /v3/ad/sort_ads (and the home banner ad) only
 * serve an enabled ad whose window holds the current time. `updated_time` is the last console edit.
 * Existing rows get 0 everywhere, so they stay live exactly as before.
 */
import type { Kysely } from 'kysely';

const COLUMNS = ['start_time', 'end_time', 'updated_time'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  for (const column of COLUMNS)
    await db.schema
      .alterTable('ads')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.createIndex('ads_page_sort').on('ads').columns(['page', 'sort', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ads_page_sort').execute();
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('ads').dropColumn(column).execute();
}
