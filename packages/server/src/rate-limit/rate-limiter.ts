/**
 * Rate limits and lock-outs, counted in the database (see 0004-accounts), or in Redis when it is
 * configured, so they hold across restarts and across several processes. Fixed windows: simple, and a burst at a
 * window edge can at most double a limit, which is fine for the limits below.
 */
import { nowSeconds } from '../db/database.js';
import { Errors } from '../errors.js';
import type { Counter } from '../repositories/rate-limit.repository.js';

/**
 * Where the fixed-window counters live: the database (RateLimitRepository, the embedded default)
 * or Redis (shared-state/redis-rate-counters.ts, when REDIS_URL is set). Same semantics.
 */
export interface RateCounterStore {
  get(key: string): Promise<Counter | undefined>;
  /** Counts one hit at `now`; a window older than `windowS` starts over at 1. */
  hit(key: string, now: number, windowS: number): Promise<Counter>;
  delete(key: string): Promise<void>;
}

export interface RateRule {
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowS: number;
  /** What the user is told when over the limit; {wait} becomes "N seconds" / "N minutes". */
  message: string;
}

/** The limits of the account calls (documented in docs/ARCHITECTURE.md, "Accounts"). */
export const LIMITS = {
  codePerTargetMinute: { limit: 1, windowS: 60 },
  codePerTargetHour: { limit: 5, windowS: 3600 },
  codePerIpHour: { limit: 20, windowS: 3600 },
  codePerDeviceHour: { limit: 10, windowS: 3600 },
  loginFailuresPerAccount: { limit: 5, windowS: 15 * 60 },
  loginFailuresPerIp: { limit: 30, windowS: 15 * 60 },
  identityFailuresPerIp: { limit: 10, windowS: 15 * 60 },
} as const;

export function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export class RateLimiter {
  constructor(
    private readonly counters: RateCounterStore,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** Seconds until `rule` allows again, or 0 when it allows now. Does not count a hit. */
  async waitFor(rule: Omit<RateRule, 'message'>): Promise<number> {
    const counter = await this.counters.get(rule.key);
    const now = this.now();
    if (!counter || counter.window_start <= now - rule.windowS || counter.hits < rule.limit) return 0;
    return counter.window_start + rule.windowS - now;
  }

  /** Refuses with RATE_LIMITED when any rule is exhausted; nothing is counted then. */
  async check(rules: readonly RateRule[]): Promise<void> {
    for (const rule of rules) {
      const wait = await this.waitFor(rule);
      if (wait > 0) throw Errors.rateLimited(rule.message.replace('{wait}', describeWait(wait)));
    }
  }

  async hit(rules: readonly Omit<RateRule, 'message'>[]): Promise<void> {
    const now = this.now();
    for (const rule of rules) await this.counters.hit(rule.key, now, rule.windowS);
  }

  /** check, then count: the usual guard before an action that costs something (sending a code). */
  async consume(rules: readonly RateRule[]): Promise<void> {
    await this.check(rules);
    await this.hit(rules);
  }

  async reset(key: string): Promise<void> {
    await this.counters.delete(key);
  }
}
