/**
 * Works, details, chapter lists, categories, tags and authors. Only published works exist for
 * clients; a work asked for through the other type's call (a novel via /v3/comic/details) does not.
 */
import type { ChapterItem, NamedRef, WorkCard, WorkDetail } from '@dm51/shared';
import { presentChapterItem, presentReadTarget } from '../presenters/chapter.presenter.js';
import { presentCards, presentDetail } from '../presenters/work.presenter.js';
import type { CatalogueRepository, WorkCardRow, WorkFilter } from '../repositories/catalogue.repository.js';
import type { HistoryRepository } from '../repositories/history.repository.js';
import type { ShelfRepository } from '../repositories/shelf.repository.js';
import { isLockedFor, isVipActive } from '../policies/chapter-access.policy.js';
import { CatalogueErrors } from './catalogue-errors.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import type { UnlockService } from './unlock.service.js';

export { isVipActive } from '../policies/chapter-access.policy.js';
const now = () => Math.floor(Date.now() / 1000);

export class CatalogueService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly shelf: ShelfRepository,
    private readonly history: HistoryRepository,
    private readonly unlocks: UnlockService,
  ) {}

  /** Cards for rows, keeping their order. */
  async cards(rows: WorkCardRow[]): Promise<WorkCard[]> {
    return presentCards(rows, await this.catalogue.peopleOf(rows.map((row) => row.id)));
  }

  /** The published work `id` of `type`, or CONTENT_NOT_FOUND. */
  async requireWork(id: number, type: number) {
    const work = await this.catalogue.findWork(id);
    if (!work || work.type !== type) throw CatalogueErrors.notFound();
    return work;
  }

  async detail(userId: number, id: number, type: number): Promise<WorkDetail> {
    const work = await this.requireWork(id, type);
    const [people, categories, isFavorite, places, firstChapterId] = await Promise.all([
      this.catalogue.peopleOf([id]),
      this.catalogue.categoriesOf(id),
      this.shelf.isFavorite(userId, id),
      this.history.placesOf(userId, [id]),
      this.catalogue.firstChapterId(id),
    ]);
    const place = places.get(id);
    return presentDetail({
      work,
      people: people.get(id) ?? { authors: [], tags: [] },
      categories,
      isFavorite,
      read: place ? presentReadTarget(place) : null,
      firstChapterId,
    });
  }

  async chapters(
    userId: number,
    id: number,
    type: number,
    order: 'asc' | 'desc',
    page: number,
    limit: number,
  ): Promise<Paged<ChapterItem>> {
    await this.requireWork(id, type);
    const [{ rows, total }, vip, unlocked, priceOf] = await Promise.all([
      this.catalogue.chapters(id, order, offsetOf(page, limit), limit),
      this.catalogue.vipState(userId),
      this.unlocks.unlockedInWork(userId, id),
      this.unlocks.pricer(id),
    ]);
    const vipActive = isVipActive(vip, now());
    return {
      list: rows.map((row) =>
        presentChapterItem(
          { ...row, price_coins: priceOf(row) },
          isLockedFor(row.pay, vipActive, unlocked.has(row.id)),
          unlocked.has(row.id),
        ),
      ),
      total,
    };
  }

  async works(filter: Omit<WorkFilter, 'offset'> & { page: number }): Promise<Paged<WorkCard>> {
    const { rows, total } = await this.catalogue.listWorks({
      ...filter,
      offset: offsetOf(filter.page, filter.limit),
    });
    return { list: await this.cards(rows), total };
  }

  async filterOptions(type: number) {
    const [categories, tags] = await Promise.all([
      this.catalogue.categoriesWithCounts(type),
      this.catalogue.tagsWithCounts(type, 0, 200),
    ]);
    return { categories, tags: tags.rows };
  }

  async tags(type: number, page: number, limit: number): Promise<Paged<NamedRef & { count: number }>> {
    const { rows, total } = await this.catalogue.tagsWithCounts(type, offsetOf(page, limit), limit);
    return { list: rows, total };
  }

  async author(id: number, type: number, page: number, limit: number) {
    const author = await this.catalogue.findAuthor(id);
    if (!author) throw CatalogueErrors.notFound();
    const [{ rows, total }, all] = await Promise.all([
      this.catalogue.worksOfAuthor(id, type, offsetOf(page, limit), limit),
      this.catalogue.worksOfAuthor(id, -1, 0, 0),
    ]);
    return { author: { ...author, work_count: all.total }, list: await this.cards(rows), total };
  }
}
