/**
 * The counters behind rate limits and the store that keeps them, shared by the rate limiter and
 * its stores (the database's RateLimitRepository, Redis): a leaf, so neither imports the other.
 */

export interface Counter {
  hits: number;
  window_start: number;
  /** Back-off counters: no attempt is evaluated before this time (0 for fixed windows). */
  until_time: number;
}

export interface KeyedCounter extends Counter {
  key: string;
}

/** After `limit` attempts in a window, a delay that doubles from 1 second up to `capS`. */
export interface BackoffRule {
  limit: number;
  capS: number;
}

/** The delay set after the `attempt`-th counted attempt of a window: 0 up to `limit`, then 1, 2, 4 … capS seconds. */
export function backoffDelay(attempt: number, rule: BackoffRule): number {
  if (attempt <= rule.limit) return 0;
  return Math.min(rule.capS, 2 ** Math.min(30, attempt - rule.limit - 1));
}

/**
 * Where the counters live: the database (RateLimitRepository, the embedded default) or Redis
 * (shared-state/redis-rate-counters.ts, when REDIS_URL is set). Same semantics, each call one
 * atomic step on the store.
 */
export interface RateCounterStore {
  get(key: string): Promise<Counter | undefined>;
  /** Counts one attempt at `now` and answers the counter after it; a window older than `windowS` starts over at 1. */
  reserve(key: string, now: number, windowS: number): Promise<Counter>;
  /**
   * Back-off: counts one attempt unless the counter's `until_time` is still ahead (then answers
   * undefined and counts nothing); a counted attempt sets `until_time` to now + the back-off delay
   * of its count (backoffDelay). A window older than `windowS` starts over.
   */
  reserveBackoff(key: string, now: number, windowS: number, rule: BackoffRule): Promise<Counter | undefined>;
  /** Takes back one attempt counted in the window that began at `windowStart` (never below 0). */
  release(key: string, windowStart: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Forgets every counter whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The counters whose key starts with `prefix` (the console's lock-out list). */
  list(prefix: string): Promise<KeyedCounter[]>;
}
