/** Ads per page (spec §3 "Ad") (clicks and impressions are counted by ad-stats.repository.ts); the global switch is the setting `ad.global`. */
import type { Database } from '../db/database.js';

export class AdsRepository {
  constructor(private readonly db: Database) {}

  /** Enabled ads, first by page then sort then id: the first of each page wins. */
  async enabled() {
    return this.db
      .selectFrom('ads')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('page')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The global ad switch: 1 unless the setting `ad.global` holds 0. */
  async globalSwitch(): Promise<number> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'ad.global')
      .executeTakeFirst();
    if (!row) return 1;
    try {
      return Number(JSON.parse(row.value)) === 0 ? 0 : 1;
    } catch {
      return 1;
    }
  }
}
