/** Reading history: save the place (comic page or novel offset), list newest first, remove. */
import type { HistoryItem } from '@dm51/shared';
import { presentReadTarget } from '../presenters/chapter.presenter.js';
import { presentCard } from '../presenters/work.presenter.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { HistoryRepository } from '../repositories/history.repository.js';
import { CatalogueErrors } from './catalogue-errors.js';
import { offsetOf, type Paged } from './catalogue-paging.js';

const now = () => Math.floor(Date.now() / 1000);

export interface PlaceInput {
  workId: number;
  chapterId: number;
  pageIndex: number;
  position: number;
  percent: number;
}

export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly catalogue: CatalogueRepository,
  ) {}

  /** Saves the place; the chapter must be a chapter of that published work of that type. */
  async save(userId: number, type: number, input: PlaceInput): Promise<Record<string, never>> {
    const chapter = await this.catalogue.findChapter(input.chapterId);
    if (!chapter || chapter.work_id !== input.workId || chapter.work_type !== type)
      throw CatalogueErrors.notFound();
    await this.history.save({ userId, type, time: now(), ...input });
    return {};
  }

  async list(userId: number, type: number, page: number, limit: number): Promise<Paged<HistoryItem>> {
    const { rows, total } = await this.history.list(userId, type, offsetOf(page, limit), limit);
    const people = await this.catalogue.peopleOf(rows.map((row) => row.id));
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
