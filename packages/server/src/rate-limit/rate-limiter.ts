/**
 * Rate limits and lock-outs, counted in the database (see 0004-accounts), or in Redis when it is
 * configured, so they hold across restarts and across several processes. Fixed windows: simple, and a burst at a
 * window edge can at most double a limit, which is fine for the limits below.
 *
 * Every limit is a reservation made BEFORE the work it guards: one atomic step counts the attempt
 * and answers the count after it, and the attempt goes ahead only when that count is within the
 * limit. (Checking first and counting after the work let every request of a parallel burst pass
 * the check before any of them was counted.) What should not count, a successful login say, is
 * released afterwards.
 */
import { nowSeconds } from '../db/database.js';
import { Errors, type AppError } from '../errors.js';
import type { RateCounterStore } from './rate-counter-store.js';

export interface RateRule {
  key: string;
  /** Attempts allowed per window (for a back-off rule: attempts before the delays begin). */
  limit: number;
  windowS: number;
  /** What the user is told when over the limit; {wait} becomes "N seconds" / "N minutes". */
  message: string;
  /** Instead of refusing above `limit`, spaces attempts out by up to `capS` seconds (backoffDelay). */
  backoff?: { capS: number };
}

/**
 * The limits of the account calls (documented in docs/operate/lockouts.md; why each is reserved
 * before the work: docs/develop/decisions/0010-attempt-limits-and-client-addresses.md). Login
 * failures are counted per (account, address), with a hard limit the attacker can only use against
 * their own address; per account across all addresses, with a short back-off instead of a lock (so
 * a victim's correct password from elsewhere still works within `capS` seconds); and per address,
 * generously (many users can share one NAT address).
 */
export const LIMITS = {
  codePerTargetMinute: { limit: 1, windowS: 60 },
  codePerTargetHour: { limit: 5, windowS: 3600 },
  codePerIpHour: { limit: 20, windowS: 3600 },
  codePerDeviceHour: { limit: 10, windowS: 3600 },
  loginFailuresPerAccountAndIp: { limit: 5, windowS: 15 * 60 },
  loginFailuresPerAccount: { limit: 5, windowS: 15 * 60, backoff: { capS: 30 } },
  loginFailuresPerIp: { limit: 100, windowS: 15 * 60 },
  identityFailuresPerIp: { limit: 10, windowS: 15 * 60 },
} as const;

export function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export type ReserveResult =
  { ok: true; reservation: Reservation } | { ok: false; rule: RateRule; waitS: number };

/** The attempts one call counted; `release` takes them back (the attempt should not count after all). */
export class Reservation {
  constructor(
    private readonly counters: RateCounterStore,
    private readonly taken: { key: string; windowStart: number }[],
  ) {}

  async release(): Promise<void> {
    for (const { key, windowStart } of this.taken.splice(0)) await this.counters.release(key, windowStart);
  }
}

export class RateLimiter {
  constructor(
    private readonly counters: RateCounterStore,
    private readonly now: () => number = nowSeconds,
  ) {}

  /**
   * Counts this attempt against every rule, in order. When one is over its limit, takes back what
   * it counted and answers how long to wait; the work must then not be done.
   */
  async tryReserve(rules: readonly RateRule[]): Promise<ReserveResult> {
    const now = this.now();
    const taken: { key: string; windowStart: number }[] = [];
    const refuse = async (rule: RateRule, waitS: number): Promise<ReserveResult> => {
      await new Reservation(this.counters, taken).release();
      return { ok: false, rule, waitS: Math.max(1, waitS) };
    };
    for (const rule of rules) {
      if (rule.backoff) {
        const counter = await this.counters.reserveBackoff(rule.key, now, rule.windowS, {
          limit: rule.limit,
          capS: rule.backoff.capS,
        });
        if (!counter) {
          const current = await this.counters.get(rule.key);
          return refuse(rule, (current?.until_time ?? now + 1) - now);
        }
        taken.push({ key: rule.key, windowStart: counter.window_start });
        continue;
      }
      const counter = await this.counters.reserve(rule.key, now, rule.windowS);
      taken.push({ key: rule.key, windowStart: counter.window_start });
      if (counter.hits > rule.limit) return refuse(rule, counter.window_start + rule.windowS - now);
    }
    return { ok: true, reservation: new Reservation(this.counters, taken) };
  }

  /** tryReserve, refusing with RATE_LIMITED (or `error`) and the rule's message. */
  async reserve(
    rules: readonly RateRule[],
    error: (message: string) => AppError = Errors.rateLimited,
  ): Promise<Reservation> {
    const result = await this.tryReserve(rules);
    if (!result.ok) throw error(result.rule.message.replace('{wait}', describeWait(result.waitS)));
    return result.reservation;
  }

  /** Seconds until `rule` allows again, or 0 when it allows now. Counts nothing (a read for displays). */
  async waitFor(rule: Omit<RateRule, 'message'>): Promise<number> {
    const counter = await this.counters.get(rule.key);
    const now = this.now();
    if (!counter || counter.window_start <= now - rule.windowS) return 0;
    if (rule.backoff) return Math.max(0, counter.until_time - now);
    if (counter.hits < rule.limit) return 0;
    return counter.window_start + rule.windowS - now;
  }

  async reset(key: string): Promise<void> {
    await this.counters.delete(key);
  }

  async resetPrefix(prefix: string): Promise<void> {
    await this.counters.deletePrefix(prefix);
  }
}
