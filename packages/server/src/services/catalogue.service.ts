/**
 * Works, details, chapter lists, categories, tags and authors. Only published works exist for
 * clients; a work asked for through the other type's call (a novel via /v3/comic/details) does not.
 */
import type { ChapterItem, NamedRef, WorkCard, WorkDetail } from '@dm51/shared';
import { presentChapterItem, presentReadTarget } from '../presenters/chapter.presenter.js';
import { presentCards, presentDetail } from '../presenters/work.presenter.js';
import type { WorkRow } from '../db/schema.js';
import type {
  CatalogueRepository,
  WorkCardRow,
  WorkFilter,
  WorkPeople,
} from '../repositories/catalogue.repository.js';
import type { ReaderStateRepository } from '../repositories/reader-state.repository.js';
import { isLockedFor, isVipActive } from '../policies/chapter-access.policy.js';
import { CatalogueErrors } from './catalogue-errors.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import type { UnlockService } from './unlock.service.js';
import { keptOrLoaded, VersionedCache } from './versioned-cache.js';

export { isVipActive } from '../policies/chapter-access.policy.js';
const now = () => Math.floor(Date.now() / 1000);

/** Works whose own detail part is kept (the oldest read is dropped first). */
const WORK_PARTS_MAX = 10_000;
/** Works whose people (authors, tags) are kept for cards and details. */
const PEOPLE_MAX = 50_000;
/** Chapter rows kept over all kept chapter-list pages (a page of a long work may hold 2,000). */
const CHAPTER_ROWS_MAX = 200_000;

/** What a work's detail shows to everyone: its row (counters aside) and its first chapter. */
interface WorkPart {
  work: WorkRow;
  firstChapterId: number;
}

type ChapterRow = Awaited<ReturnType<CatalogueRepository['chapters']>>['rows'][number];

/** One page of a work's chapter list as everyone sees it (locks and prices are per reader). */
interface ChapterPage {
  rows: ChapterRow[];
  total: number;
}

export class CatalogueService {
  /**
   * The parts of the detail and the chapter list that are the same for every reader, kept per
   * work under the catalogue version (services/versioned-cache.ts); null: no such published work.
   * The reader's own part (favourite, place, VIP, unlocks), the counters and the categories are
   * read per request in one statement with the version (ReaderStateRepository).
   */
  private readonly workParts = new VersionedCache<number, WorkPart | null>(WORK_PARTS_MAX);
  private readonly people = new VersionedCache<number, WorkPeople>(PEOPLE_MAX);
  private readonly chapterPages = new VersionedCache<string, ChapterPage>(CHAPTER_ROWS_MAX, (page) =>
    Math.max(1, page.rows.length),
  );

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly readerState: ReaderStateRepository,
    private readonly unlocks: UnlockService,
  ) {}

  /** Cards for rows, keeping their order. */
  async cards(rows: WorkCardRow[]): Promise<WorkCard[]> {
    return presentCards(rows, await this.catalogue.peopleOf(rows.map((row) => row.id)));
  }

  /**
   * Authors and tags of works at catalogue `version` (read by the caller before its rows), from
   * the kept ones where possible: the history and the shelf show them on every card.
   */
  peopleAt(version: number, ids: number[]): Promise<Map<number, WorkPeople>> {
    return keptOrLoaded(this.people, version, ids, (missing) => this.catalogue.peopleOf(missing));
  }

  /** The published work `id` of `type`, or CONTENT_NOT_FOUND. */
  async requireWork(id: number, type: number) {
    const work = await this.catalogue.findWork(id);
    if (!work || work.type !== type) throw CatalogueErrors.notFound();
    return work;
  }

  /** The work's part kept at `version`, else read (after the version was) and kept. */
  private async workPart(id: number, version: number): Promise<WorkPart | null> {
    const kept = this.workParts.get(id, version);
    if (kept !== undefined) return kept;
    const part = (await this.catalogue.findWorkAndFirstChapter(id)) ?? null;
    this.workParts.set(id, version, part);
    return part;
  }

  async detail(userId: number, id: number, type: number): Promise<WorkDetail> {
    const state = await this.readerState.detailState(userId, id);
    const [part, people] = await Promise.all([
      this.workPart(id, state.version),
      this.peopleAt(state.version, [id]),
    ]);
    if (!part || part.work.type !== type || !state.counters) throw CatalogueErrors.notFound();
    return presentDetail({
      // The counters as they are now, not as they were when the part was kept.
      work: { ...part.work, ...state.counters },
      people: people.get(id) ?? { authors: [], tags: [] },
      categories: state.categories,
      isFavorite: state.isFavorite,
      read: state.place ? presentReadTarget(state.place) : null,
      firstChapterId: part.firstChapterId,
    });
  }

  /** A page of the work's chapters kept at `version`, else read and kept. */
  private async chapterPage(
    id: number,
    version: number,
    order: 'asc' | 'desc',
    offset: number,
    limit: number,
  ): Promise<ChapterPage> {
    const key = `${id}:${order}:${offset}:${limit}`;
    const kept = this.chapterPages.get(key, version);
    if (kept !== undefined) return kept;
    const page = await this.catalogue.chapters(id, order, offset, limit);
    this.chapterPages.set(key, version, page);
    return page;
  }

  async chapters(
    userId: number,
    id: number,
    type: number,
    order: 'asc' | 'desc',
    page: number,
    limit: number,
  ): Promise<Paged<ChapterItem>> {
    const access = await this.readerState.chapterAccess(userId, id);
    const part = await this.workPart(id, access.version);
    if (!part || part.work.type !== type) throw CatalogueErrors.notFound();
    const [{ rows, total }, priceOf] = await Promise.all([
      this.chapterPage(id, access.version, order, offsetOf(page, limit), limit),
      this.unlocks.pricerFor(part.work),
    ]);
    const vipActive = isVipActive(access.vip, now());
    const { unlocked } = access;
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
