/** Fixed-window and back-off counters of the rate limiter, one row per key. */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import {
  backoffDelay,
  type BackoffRule,
  type Counter,
  type KeyedCounter,
} from '../rate-limit/rate-counter-store.js';

const COLUMNS = ['hits', 'window_start', 'until_time'] as const;

/** `substr(key, 1, n) = prefix`: a prefix match without LIKE, whose `_` and `%` e-mail addresses may hold. */
function keyStartsWith(prefix: string): RawBuilder<boolean> {
  return sql<boolean>`substr(key, 1, ${Array.from(prefix).length}) = ${prefix}`;
}

export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<Counter | undefined> {
    return this.db.selectFrom('rate_limits').select(COLUMNS).where('key', '=', key).executeTakeFirst();
  }

  /**
   * Counts one attempt in one statement (an upsert that answers the new count), so parallel
   * requests, and several server processes on one PostgreSQL, each see their own count and never
   * lose one. A window older than `windowS` starts over at 1, inside the same statement.
   */
  async reserve(key: string, now: number, windowS: number): Promise<Counter> {
    const expired = now - windowS;
    return this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
          until_time: sql<number>`case when rate_limits.window_start <= ${expired} then 0 else rate_limits.until_time end`,
        }),
      )
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /**
   * The back-off step, one statement: the update only happens (and a row only comes back) when
   * the counter's `until_time` has passed or its window ended, so of a parallel burst exactly the
   * attempts the back-off allows are counted and answered; the others get nothing back.
   */
  async reserveBackoff(
    key: string,
    now: number,
    windowS: number,
    rule: BackoffRule,
  ): Promise<Counter | undefined> {
    const expired = now - windowS;
    const newHits = sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`;
    // A free attempt (delay 0) sets no time, so a parallel request whose `now` was read a second
    // earlier is not refused by a zero delay stamped a second later.
    const delay = delayCase(newHits, rule);
    const firstDelay = backoffDelay(1, rule);
    return this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, window_start: now, until_time: firstDelay > 0 ? now + firstDelay : 0 })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            hits: newHits,
            window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
            until_time: sql<number>`case when ${delay} > 0 then cast(${now} as bigint) + ${delay} when rate_limits.window_start <= ${expired} then 0 else rate_limits.until_time end`,
          })
          .where((eb) =>
            eb.or([eb('rate_limits.until_time', '<=', now), eb('rate_limits.window_start', '<=', expired)]),
          ),
      )
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  async release(key: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .where('hits', '>', 0)
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where(keyStartsWith(prefix)).execute();
  }

  async list(prefix: string): Promise<KeyedCounter[]> {
    return this.db
      .selectFrom('rate_limits')
      .select(['key', ...COLUMNS])
      .where(keyStartsWith(prefix))
      .orderBy('key')
      .limit(1000)
      .execute();
  }

  /** Drops windows that ended long ago (housekeeping; counters are tiny, so this is occasional). */
  async deleteOlderThan(time: number): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_start', '<', time).execute();
  }
}

/** backoffDelay as SQL (SQLite has no pow() in every build): a CASE over the attempt number. */
function delayCase(attempt: RawBuilder<number>, rule: BackoffRule): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [sql`when ${attempt} <= ${rule.limit} then 0`];
  for (let n = rule.limit + 1; backoffDelay(n, rule) < rule.capS; n += 1)
    steps.push(sql`when ${attempt} = ${n} then ${backoffDelay(n, rule)}`);
  return sql<number>`(case ${sql.join(steps, sql` `)} else ${rule.capS} end)`;
}
