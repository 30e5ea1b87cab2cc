/** Favourites: add (idempotent), batch remove, list with the saved reading place. */
import type { ShelfItem } from '@dm51/shared';
import { presentReadTarget } from '../presenters/chapter.presenter.js';
import { presentCard } from '../presenters/work.presenter.js';
import { placeOfColumns } from '../repositories/history.repository.js';
import type { ShelfRepository } from '../repositories/shelf.repository.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import type { CatalogueService } from './catalogue.service.js';
import { dayOf } from './view-counter.service.js';

const now = () => Math.floor(Date.now() / 1000);

export class ShelfService {
  constructor(
    private readonly shelf: ShelfRepository,
    private readonly works: CatalogueService,
  ) {}

  async add(userId: number, workId: number, type: number): Promise<{ is_favorite: 1; favorites: number }> {
    await this.works.requireWork(workId, type);
    const time = now();
    const favorites = await this.shelf.add(userId, workId, type, time, dayOf(time));
    return { is_favorite: 1, favorites };
  }

  /** Only the caller's own favourites of that type are removed; other ids change nothing. */
  async remove(userId: number, type: number, workIds: number[]): Promise<{ deleted: number }> {
    return { deleted: await this.shelf.remove(userId, type, [...new Set(workIds)]) };
  }

  async list(userId: number, type: number, page: number, limit: number): Promise<Paged<ShelfItem>> {
    const { rows, total, version } = await this.shelf.list(userId, type, offsetOf(page, limit), limit);
    // The cards' people are the same for every reader: kept per work at the page's catalogue version.
    const people = await this.works.peopleAt(
      version,
      rows.map((row) => row.id),
    );
    const list = rows.map((row): ShelfItem => {
      const place = placeOfColumns(row.id, row);
      const seen = place ? Number(place.updated_time) : Number(row.added_time);
      return {
        ...presentCard(row, people.get(row.id)),
        addtime: Number(row.added_time),
        read: place ? presentReadTarget(place) : null,
        has_update: Number(row.updated_time) > seen ? 1 : 0,
      };
    });
    return { list, total };
  }
}
