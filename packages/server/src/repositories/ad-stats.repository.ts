/** Daily ad impression/click roll-ups (ad_stats_daily) and the ads' running click total (ads.hits). */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { firstWriteOfBatch } from './counter-batches.js';

export interface AdStatsBatchEntry {
  adId: number;
  day: number;
  impressions: number;
  clicks: number;
}

export interface AdDailyStats {
  day: number;
  impressions: number;
  clicks: number;
}

export class AdStatsRepository {
  /** Statements issued by addBatch, so a test can tell a roll-up from a row per view. */
  writes = 0;

  constructor(private readonly db: Database) {}

  /**
   * One transaction per flush: one multi-row upsert into the roll-up and one ads.hits update per
   * clicked ad. Ids of ads that do not exist (made up, or deleted since) are dropped.
   * `sharedBatch` (a batch taken from Redis) is written at most once (counter-batches.ts).
   */
  async addBatch(batch: readonly AdStatsBatchEntry[], sharedBatch?: string): Promise<void> {
    if (batch.length === 0) return;
    const ids = [...new Set(batch.map((entry) => entry.adId))];
    await this.db.transaction().execute(async (trx) => {
      if (sharedBatch !== undefined && !(await firstWriteOfBatch(trx, sharedBatch))) return;
      const live = new Set(
        (await trx.selectFrom('ads').select('id').where('id', 'in', ids).execute()).map((row) => row.id),
      );
      const rows = batch.filter((entry) => live.has(entry.adId));
      if (rows.length === 0) return;
      await trx
        .insertInto('ad_stats_daily')
        .values(
          rows.map((entry) => ({
            ad_id: entry.adId,
            day: entry.day,
            impressions: entry.impressions,
            clicks: entry.clicks,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['ad_id', 'day']).doUpdateSet({
            impressions: sql`ad_stats_daily.impressions + excluded.impressions`,
            clicks: sql`ad_stats_daily.clicks + excluded.clicks`,
          }),
        )
        .execute();
      this.writes += 1;
      const clicksPerAd = new Map<number, number>();
      for (const entry of rows) {
        if (entry.clicks > 0) clicksPerAd.set(entry.adId, (clicksPerAd.get(entry.adId) ?? 0) + entry.clicks);
      }
      for (const [adId, clicks] of clicksPerAd) {
        await trx
          .updateTable('ads')
          .set((eb) => ({ hits: eb('hits', '+', clicks) }))
          .where('id', '=', adId)
          .execute();
        this.writes += 1;
      }
    });
  }

  /** An ad's days, oldest first (the console's statistics; tests). */
  async daily(adId: number): Promise<AdDailyStats[]> {
    const rows = await this.db
      .selectFrom('ad_stats_daily')
      .select(['day', 'impressions', 'clicks'])
      .where('ad_id', '=', adId)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: Number(row.day),
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
    }));
  }
}
