/**
 * Counts work views without a write per view: views accumulate in memory per (work, UTC day) and
 * a flush every few seconds (and on close) adds them to the daily roll-up and works.views_total in
 * one transaction. A crash loses at most one interval of views, which ranking tolerates.
 *
 * With Redis (scale-out, `useShared`), views are counted in one hash shared by every instance
 * (shared-state/redis-counter-buffer.ts) and a crash loses none; a view Redis did not take is kept
 * in memory as above and written by the next flush.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RankingRepository, ViewBatchEntry } from '../repositories/ranking.repository.js';
import type { RedisCounterBuffer } from '../shared-state/redis-counter-buffer.js';

export const SECONDS_PER_DAY = 86_400;
export const dayOf = (unixSeconds: number) => Math.floor(unixSeconds / SECONDS_PER_DAY);

export class ViewCounter {
  private pending = new Map<string, ViewBatchEntry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private shared: RedisCounterBuffer | null = null;
  /** Counts on their way to Redis (a flush waits for them). */
  private readonly sending = new Set<Promise<void>>();

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

  /** Counts in Redis from now on, shared by every instance (scale-out). */
  useShared(buffer: RedisCounterBuffer): void {
    this.shared = buffer;
  }

  count(workId: number): void {
    const day = dayOf(this.clock());
    const shared = this.shared;
    if (shared) {
      const sent: Promise<void> = shared
        .add([[`${workId}:${day}`, 1]])
        .catch(() => this.countLocally(workId, day))
        .finally(() => this.sending.delete(sent));
      this.sending.add(sent);
      return;
    }
    this.countLocally(workId, day);
  }

  /** Resolves once the counts on their way to Redis arrived (or fell back to memory). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  private countLocally(workId: number, day: number): void {
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
      await Promise.all([...this.sending]);
      await this.flushShared();
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

  /** Writes the views counted in Redis by every instance; a failure is retried by the next flush. */
  private async flushShared(): Promise<void> {
    if (!this.shared) return;
    try {
      await this.shared.drain((counts, batch) =>
        this.ranking.addViews(
          [...counts].map(([field, views]) => {
            const [workId, day] = field.split(':').map(Number);
            return { workId: workId!, day: day!, views };
          }),
          batch,
        ),
      );
    } catch (error) {
      this.log.error({ err: error }, 'shared view flush failed; will retry');
    }
  }

  /** Stops the timer and writes what is left (called when the app closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
