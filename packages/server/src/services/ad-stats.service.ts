/**
 * Counts ad impressions and clicks without a write per event: they accumulate in memory per
 * (ad, UTC day) and a flush every few seconds (and on close) adds them to ad_stats_daily in one
 * transaction, as the work view counter does. A crash loses at most one interval, which the
 * console's statistics tolerate. Unknown ad ids are dropped at flush time by the repository.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AdStatsBatchEntry, AdStatsRepository } from '../repositories/ad-stats.repository.js';
import { dayOf } from './view-counter.service.js';

/**
 * (ad, day) pairs held between flushes. Real traffic has a handful (one ad per page); a client
 * making up ids cannot grow memory past this: further new pairs are dropped until the next flush.
 */
export const MAX_PENDING_KEYS = 10_000;

export class AdStatsCounter {
  private pending = new Map<string, AdStatsBatchEntry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: AdStatsRepository,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Starts the periodic flush; the timer never keeps the process alive. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** One impression for each distinct id (a repeated id in one call counts once). */
  impressions(adIds: readonly number[]): Record<string, never> {
    for (const adId of new Set(adIds)) {
      const entry = this.entry(adId);
      if (entry) entry.impressions += 1;
    }
    return {};
  }

  click(adId: number): Record<string, never> {
    const entry = this.entry(adId);
    if (entry) entry.clicks += 1;
    return {};
  }

  /** Events counted but not yet written. */
  get pendingEvents(): number {
    let total = 0;
    for (const entry of this.pending.values()) total += entry.impressions + entry.clicks;
    return total;
  }

  /** Writes what is pending; flushes never overlap. A failed batch is put back for the next one. */
  async flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.repository.addBatch(batch);
      } catch (error) {
        this.log.error({ err: error, entries: batch.length }, 'ad stats flush failed; will retry');
        for (const failed of batch) {
          const entry = this.entry(failed.adId, failed.day);
          if (!entry) continue;
          entry.impressions += failed.impressions;
          entry.clicks += failed.clicks;
        }
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is left (called when the app closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private entry(adId: number, day = dayOf(this.clock())): AdStatsBatchEntry | null {
    const key = `${adId}:${day}`;
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING_KEYS) return null;
      entry = { adId, day, impressions: 0, clicks: 0 };
      this.pending.set(key, entry);
    }
    return entry;
  }
}
