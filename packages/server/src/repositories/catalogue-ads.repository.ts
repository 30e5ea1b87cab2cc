/** Ads per page (spec §3 "Ad") (clicks and impressions are counted by ad-stats.repository.ts); the global switch is the setting `ad.global`. */
import type { Database } from '../db/database.js';

export class AdsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Ads live at `now` (Unix seconds): enabled, started (start_time 0 or past) and not ended
   * (end_time 0 or still ahead); first by page then sort then id: the first of each page wins.
   */
  async live(now: number) {
    return this.db
      .selectFrom('ads')
      .selectAll()
      .where('enabled', '=', 1)
      .where('start_time', '<=', now)
      .where((eb) => eb.or([eb('end_time', '=', 0), eb('end_time', '>', now)]))
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
