/**
 * Records what proves task progress: chapters opened, comments published, favourites added,
 * shares, the notification switch, and reading/watching time. Recording never fails the call that
 * triggered it (a reader must get its chapter even if this write fails): errors are logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { TaskRepository } from '../repositories/task.repository.js';
import { CatalogueErrors } from './catalogue-errors.js';
import type { LedgerService } from './ledger.service.js';
import type { TaskClock } from './task-clock.js';

/** At most this much of one report counts (the readers report every minute). */
export const READ_REPORT_MAX_S = 300;
/** At most this much reading and watching counts per task day. */
export const READ_DAY_MAX_S = 4 * 3600;

/** What other domains' routes call when a user did something a task counts. */
export interface TaskProgressEvents {
  chapterOpened(userId: number, chapterId: number): Promise<void>;
  commentPublished(userId: number, commentId: number): Promise<void>;
  favoriteAdded(userId: number, workId: number): Promise<void>;
}

/** How many recorded (user, day, kind, ref) events the service remembers to skip repeated writes. */
const RECORDED_KEEP = 20_000;

export class TaskEventsService implements TaskProgressEvents {
  /**
   * Events known to be in task_events. An event is a fact (insert-or-ignore, rows are never
   * deleted), so writing it again changes nothing: a reader paging back and forth through the
   * chapters it opened today costs no write per call. Keyed by the task day, so the next day's
   * opening is written again. Oldest dropped first.
   */
  private readonly recorded = new Set<string>();

  constructor(
    private readonly repo: TaskRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly ledger: LedgerService,
    private readonly clock: TaskClock,
    private readonly log: FastifyBaseLogger,
  ) {}

  chapterOpened(userId: number, chapterId: number): Promise<void> {
    return this.record(userId, 'chapter', chapterId);
  }

  commentPublished(userId: number, commentId: number): Promise<void> {
    return this.record(userId, 'comment', commentId);
  }

  favoriteAdded(userId: number, workId: number): Promise<void> {
    return this.record(userId, 'favorite', workId);
  }

  /** A share of a published work counts once per work and day. */
  async shared(userId: number, type: number, workId: number): Promise<boolean> {
    const work = await this.catalogue.findWork(workId);
    if (!work || work.type !== type) throw CatalogueErrors.notFound();
    const time = this.clock.now();
    return this.repo.recordEvent(userId, this.clock.day(time), 'share', workId, time);
  }

  /** Turning notifications on is a one-time fact (day 0). */
  async notificationsOn(userId: number): Promise<void> {
    await this.repo.recordEvent(userId, 0, 'notify', 0, this.clock.now());
  }

  /**
   * Counts a reading/watching report, capped: never more than the wall-clock time since this
   * account's previous accepted report (so parallel tabs or a forged client cannot count faster
   * than time passes), never more than READ_REPORT_MAX_S per report or READ_DAY_MAX_S per day.
   * Only a chapter this account opened through a reader call today (or yesterday, for a session
   * across midnight) counts. Runs under the user's ledger lock so two reports at once are counted
   * one after the other.
   */
  async readTime(
    userId: number,
    kind: 'read' | 'watch',
    chapterId: number,
    seconds: number,
  ): Promise<{ counted: number; today_minutes: number }> {
    return this.ledger.transaction(async (tx) => {
      await tx.lockUser(userId);
      const repo = this.repo.within(tx.trx);
      const time = this.clock.now();
      const day = this.clock.day(time);
      const last = await repo.lastReadingReport(userId);
      const today = await repo.readingSeconds(userId, day);
      const opened = await repo.hasEvent(userId, [day, day - 1], 'chapter', chapterId);
      const todayTotal = (today.get('read') ?? 0) + (today.get('watch') ?? 0);
      const sinceLast = last === null ? READ_REPORT_MAX_S : Math.max(0, time - last);
      const counted = opened
        ? Math.max(0, Math.min(seconds, READ_REPORT_MAX_S, sinceLast, READ_DAY_MAX_S - todayTotal))
        : 0;
      if (counted > 0) await repo.addReading(userId, day, kind, counted, time);
      return { counted, today_minutes: Math.floor(((today.get(kind) ?? 0) + counted) / 60) };
    });
  }

  private async record(userId: number, kind: string, refId: number): Promise<void> {
    try {
      const time = this.clock.now();
      const day = this.clock.day(time);
      const key = `${userId} ${day} ${kind} ${refId}`;
      if (this.recorded.has(key)) return;
      await this.repo.recordEvent(userId, day, kind, refId, time);
      if (this.recorded.size >= RECORDED_KEEP) this.recorded.delete(this.recorded.values().next().value!);
      this.recorded.add(key);
    } catch (error) {
      this.log.error({ err: error, userId, kind, refId }, 'task event not recorded');
    }
  }
}
