/** Table types of migration 0012-ads-updates.ts (ad statistics); merged into DB in schema.ts. */
import type { Generated } from 'kysely';

/** Impressions and clicks of one ad on one UTC day (days since the epoch). */
export interface AdStatsDailyTable {
  ad_id: number;
  day: number;
  /** bigint columns: PostgreSQL may read them back as strings, so readers convert with Number(). */
  impressions: Generated<number>;
  clicks: Generated<number>;
}

export interface AdUpdateTables {
  ad_stats_daily: AdStatsDailyTable;
}
