/** Fixed-window counters of the rate limiter, one row per key. */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface Counter {
  hits: number;
  window_start: number;
}

export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<Counter | undefined> {
    return this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Counts one hit in one statement (an upsert), so parallel requests, and several server processes
   * on one PostgreSQL, never lose a hit. A window older than `windowS` starts over at 1.
   */
  async hit(key: string, now: number, windowS: number): Promise<Counter> {
    const expired = now - windowS;
    return this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Drops windows that ended long ago (housekeeping; counters are tiny, so this is occasional). */
  async deleteOlderThan(time: number): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_start', '<', time).execute();
  }
}
