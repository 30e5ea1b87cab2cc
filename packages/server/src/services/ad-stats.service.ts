/**
 * Counts ad impressions and clicks without a write per event: they accumulate in memory per
 * (ad, UTC day) and a flush every few seconds (and on close) adds them to ad_stats_daily in one
 * transaction, as the work view counter does. A crash loses at most one interval, which the
 * console's statistics tolerate. Unknown ad ids are dropped at flush time by the repository.
 *
 * With Redis (scale-out, `useShared`), the counts go to one hash shared by every instance
 * (shared-state/redis-counter-buffer.ts) and a crash loses none; what Redis did not take is kept
 * in memory as above and written by the next flush.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AdStatsBatchEntry, AdStatsRepository } from '../repositories/ad-stats.repository.js';
import type { RedisCounterBuffer } from '../shared-state/redis-counter-buffer.js';
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
  private shared: RedisCounterBuffer | null = null;
  /** Counts on their way to Redis (a flush waits for them). */
  private readonly sending = new Set<Promise<void>>();
  /** (ad, day) pairs this instance sent to Redis since its last flush, held to MAX_PENDING_KEYS. */
  private readonly sentKeys = new Set<string>();

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

  /** Counts in Redis from now on, shared by every instance (scale-out). */
  useShared(buffer: RedisCounterBuffer): void {
    this.shared = buffer;
  }

  /** One impression for each distinct id (a repeated id in one call counts once). */
  impressions(adIds: readonly number[]): Record<string, never> {
    if (this.shared) {
      this.send([...new Set(adIds)].map((adId) => ({ adId, impressions: 1, clicks: 0 })));
      return {};
    }
    for (const adId of new Set(adIds)) {
      const entry = this.entry(adId);
      if (entry) entry.impressions += 1;
    }
    return {};
  }

  click(adId: number): Record<string, never> {
    if (this.shared) {
      this.send([{ adId, impressions: 0, clicks: 1 }]);
      return {};
    }
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
      await Promise.all([...this.sending]);
      await this.flushShared();
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

  private send(events: { adId: number; impressions: number; clicks: number }[]): void {
    const shared = this.shared!;
    const day = dayOf(this.clock());
    const fields: [string, number][] = [];
    for (const event of events) {
      const key = `${event.adId}:${day}`;
      if (!this.sentKeys.has(key)) {
        if (this.sentKeys.size >= MAX_PENDING_KEYS) continue;
        this.sentKeys.add(key);
      }
      if (event.impressions) fields.push([`${key}:i`, event.impressions]);
      if (event.clicks) fields.push([`${key}:c`, event.clicks]);
    }
    if (fields.length === 0) return;
    const sent: Promise<void> = shared
      .add(fields)
      .catch(() => {
        for (const event of events) {
          const entry = this.entry(event.adId, day);
          if (!entry) continue;
          entry.impressions += event.impressions;
          entry.clicks += event.clicks;
        }
      })
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Writes the counts kept in Redis by every instance; a failure is retried by the next flush. */
  private async flushShared(): Promise<void> {
    if (!this.shared) return;
    this.sentKeys.clear();
    try {
      await this.shared.drain((counts, batch) => {
        const entries = new Map<string, AdStatsBatchEntry>();
        for (const [field, count] of counts) {
          const [adId, day, kind] = field.split(':');
          const key = `${adId}:${day}`;
          let entry = entries.get(key);
          if (!entry) {
            entry = { adId: Number(adId), day: Number(day), impressions: 0, clicks: 0 };
            entries.set(key, entry);
          }
          if (kind === 'c') entry.clicks += count;
          else entry.impressions += count;
        }
        return this.repository.addBatch([...entries.values()], batch);
      });
    } catch (error) {
      this.log.error({ err: error }, 'shared ad stats flush failed; will retry');
    }
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
