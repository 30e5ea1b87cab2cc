/** Reading history: save the place (comic page or novel offset), list newest first, remove. */
import type { HistoryItem } from '@dm51/shared';
import { presentReadTarget } from '../presenters/chapter.presenter.js';
import { presentCard } from '../presenters/work.presenter.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { HistoryRepository } from '../repositories/history.repository.js';
import { CatalogueErrors } from './catalogue-errors.js';
import type { CatalogueService } from './catalogue.service.js';
import { offsetOf, type Paged } from './catalogue-paging.js';

/**
 * How far ahead of the server a client's clock may be. Within it the client's times are kept as
 * sent, so one device's places keep their order on its own clock (a place queued offline and a
 * newer one sent live compare right); beyond it the clock is wrong, and the time is taken as now
 * rather than holding the place against every other device's saves.
 */
export const READ_AT_SKEW_MS = 5 * 60_000;

/** When the place was reached, in ms, from the client's `read_at` (absent: now). */
export function placeTimeMs(readAt: number | undefined, nowMs = Date.now()): number {
  if (readAt === undefined || readAt > nowMs + READ_AT_SKEW_MS) return nowMs;
  return readAt;
}

export interface PlaceInput {
  workId: number;
  chapterId: number;
  pageIndex: number;
  position: number;
  percent: number;
  /** The client's `read_at`, ms since the epoch. */
  readAt?: number;
}

export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly works: CatalogueService,
  ) {}

  /** Saves the place; the chapter must be a chapter of that published work of that type. */
  async save(userId: number, type: number, input: PlaceInput): Promise<Record<string, never>> {
    const chapter = await this.catalogue.findChapter(input.chapterId);
    if (!chapter || chapter.work_id !== input.workId || chapter.work_type !== type)
      throw CatalogueErrors.notFound();
    const { readAt, ...place } = input;
    const readAtMs = placeTimeMs(readAt);
    await this.history.save({ userId, type, time: Math.floor(readAtMs / 1000), readAtMs, ...place });
    return {};
  }

  async list(userId: number, type: number, page: number, limit: number): Promise<Paged<HistoryItem>> {
    const { rows, total, version } = await this.history.list(userId, type, offsetOf(page, limit), limit);
    // The cards' people are the same for every reader: kept per work at the page's catalogue version.
    const people = await this.works.peopleAt(
      version,
      rows.map((row) => row.id),
    );
    const list = rows.map((row): HistoryItem => {
      const chapters = Math.max(row.chapter_count, row.chapter_sort + 1);
      return {
        ...presentCard(row, people.get(row.id)),
        read: presentReadTarget(row),
        progress: Math.min(100, Math.round(((row.chapter_sort + row.percent / 100) / chapters) * 100)),
      };
    });
    return { list, total };
  }

  async remove(userId: number, ids: number[], all: boolean): Promise<{ deleted: number }> {
    return { deleted: await this.history.remove(userId, all ? 'all' : [...new Set(ids)]) };
  }
}
