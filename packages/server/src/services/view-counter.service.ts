/**
 * Counts work views without a write per view: views accumulate in memory per (work, UTC day) and
 * a flush every few seconds (and on close) adds them to the daily roll-up and works.views_total in
 * one transaction. A crash loses at most one interval of views, which ranking tolerates.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RankingRepository, ViewBatchEntry } from '../repositories/ranking.repository.js';

export const SECONDS_PER_DAY = 86_400;
export const dayOf = (unixSeconds: number) => Math.floor(unixSeconds / SECONDS_PER_DAY);

export class ViewCounter {
  private pending = new Map<string, ViewBatchEntry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ranking: RankingRepository,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Starts the periodic flush; the timer never keeps the process alive. */
  start(intervalMs = 10_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  count(workId: number): void {
    const day = dayOf(this.clock());
    const key = `${workId}:${day}`;
    const entry = this.pending.get(key);
    if (entry) entry.views += 1;
    else this.pending.set(key, { workId, day, views: 1 });
  }

  /** Views counted but not yet written. */
  get pendingViews(): number {
    let total = 0;
    for (const entry of this.pending.values()) total += entry.views;
    return total;
  }

  /** Writes what is pending; flushes never overlap. A failed batch is put back for the next one. */
  async flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.ranking.addViews(batch);
      } catch (error) {
        this.log.error({ err: error, entries: batch.length }, 'view flush failed; will retry');
        for (const entry of batch) {
          const key = `${entry.workId}:${entry.day}`;
          const current = this.pending.get(key);
          if (current) current.views += entry.views;
          else this.pending.set(key, entry);
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
}
