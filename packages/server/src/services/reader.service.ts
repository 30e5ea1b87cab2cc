/**
 * Opening chapters: VIP access, the pages of a comic chapter, the text of a novel chapter, the
 * neighbours for previous/next, and one counted view. Paid chapters go through UnlockService.
 *
 * The public part of a chapter (its row with the work's, its neighbours, a comic chapter's
 * presented pages) is the same for everyone, so it is kept per chapter under the catalogue
 * version it was read at (migration 0023). Every opening reads the version first (one primary-key
 * probe) and reads the rows again when it moved: an unpublish, a re-import, a price change or a
 * chapter turned paid is seen by the very next reader. Access (VIP, unlocks, auto-unlock) is
 * decided per request from the user's own rows, never cached.
 */
import type { ChargeNotice, ComicPage, ReaderChapter } from '@dm51/shared';
import { presentNovelHtml, presentPages, presentReaderChapter } from '../presenters/chapter.presenter.js';
import type { CatalogueRepository, ChapterWithWork } from '../repositories/catalogue.repository.js';
import { isVipActive } from '../policies/chapter-access.policy.js';
import { CatalogueErrors } from './catalogue-errors.js';
import type { UnlockService } from './unlock.service.js';
import type { ViewCounter } from './view-counter.service.js';
import { NO_CACHE_METRICS, type CacheMetrics } from '../observability/cache-metrics.js';

const now = () => Math.floor(Date.now() / 1000);

/** Chapters whose public part is kept (the oldest read is dropped first). */
const PUBLIC_PARTS_MAX = 5_000;

export interface ComicChapterAnswer {
  chapter: ReaderChapter;
  rtl: number;
  pages: ComicPage[];
  charged: ChargeNotice;
}

type Neighbour = { id: number; sort_order: number; pay: number } | undefined;

/** What a chapter opening shows to everyone with access, read at catalogue `version`. */
interface PublicPart {
  version: number;
  chapter: ChapterWithWork;
  prev: Neighbour;
  next: Neighbour;
  /** A comic chapter's presented pages, read on its first comic opening. */
  pages?: ComicPage[];
  /**
   * The answers without a charge, by whether the next chapter is locked for the reader: the same
   * object for everyone, so the route (a `sharedAnswer` call) checks and seals each once.
   */
  answers: [ComicChapterAnswer | undefined, ComicChapterAnswer | undefined];
}

export class ReaderService {
  private readonly parts = new Map<number, PublicPart>();
  /** Hits and misses of the chapters' public parts (the metrics plugin sets the app's counter). */
  cacheMetrics: CacheMetrics = NO_CACHE_METRICS;

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly views: ViewCounter,
    private readonly unlocks: UnlockService,
  ) {}

  /** The chapter's public part at the current catalogue version (read again when it moved). */
  private async publicPart(chapterId: number): Promise<PublicPart | undefined> {
    // The version is read before the rows: rows read after it are at least that recent.
    const version = await this.catalogue.catalogueVersion();
    const kept = this.parts.get(chapterId);
    const isCurrent = kept !== undefined && kept.version === version;
    this.cacheMetrics.record('reader_parts', isCurrent);
    if (isCurrent) return kept;
    const chapter = await this.catalogue.findChapter(chapterId);
    if (!chapter) {
      if (kept && kept.version <= version) this.parts.delete(chapterId);
      return undefined;
    }
    const { prev, next } = await this.catalogue.neighbours(chapter.work_id, chapter.sort_order);
    const part: PublicPart = { version, chapter, prev, next, answers: [undefined, undefined] };
    const current = this.parts.get(chapterId);
    // A slower opening that read an older version must not replace a newer part.
    if (!current || current.version <= version) {
      this.parts.delete(chapterId);
      if (this.parts.size >= PUBLIC_PARTS_MAX) this.parts.delete(this.parts.keys().next().value!);
      this.parts.set(chapterId, part);
    }
    return part;
  }

  /** The chapter of `type`, checked for access; refusals leak nothing of its content. */
  private async open(userId: number, chapterId: number, type: number) {
    const part = await this.publicPart(chapterId);
    if (!part || part.chapter.work_type !== type) throw CatalogueErrors.notFound();
    const { chapter, next } = part;
    // VIP only decides paid chapters: free ones (and a free or missing next) need no lookup.
    const vipActive =
      chapter.pay > 0 || (next?.pay ?? 0) > 0
        ? isVipActive(await this.catalogue.vipState(userId), now())
        : false;
    const charged = await this.unlocks.openOrCharge(userId, chapter, vipActive);
    const nextLocked = next ? await this.unlocks.lockedFor(userId, next, vipActive) : false;
    this.views.count(chapter.work_id);
    return { part, nextLocked, charged };
  }

  private header(part: PublicPart, nextLocked: boolean): ReaderChapter {
    return presentReaderChapter(part.chapter, {
      prevId: part.prev?.id ?? 0,
      nextId: part.next?.id ?? 0,
      nextLocked,
    });
  }

  /**
   * A comic chapter for a reader with access. Without a charge the answer is an object shared by
   * every such reader (never change it); with one it is the reader's own.
   */
  async comicChapter(userId: number, chapterId: number): Promise<ComicChapterAnswer> {
    const { part, nextLocked, charged } = await this.open(userId, chapterId, 0);
    part.pages ??= presentPages(await this.catalogue.pages(part.chapter.id));
    const rtl = part.chapter.work_rtl === 1 ? 1 : 0;
    if (charged) return { chapter: this.header(part, nextLocked), rtl, pages: part.pages, charged };
    const slot = nextLocked ? 1 : 0;
    return (part.answers[slot] ??= {
      chapter: this.header(part, nextLocked),
      rtl,
      pages: part.pages,
      charged: null,
    });
  }

  async novelChapter(userId: number, chapterId: number) {
    const { part, nextLocked, charged } = await this.open(userId, chapterId, 1);
    const content = await this.catalogue.novelText(part.chapter.id);
    return {
      chapter: this.header(part, nextLocked),
      html: presentNovelHtml(content?.html ?? ''),
      text: content?.text ?? '',
      word_count: part.chapter.word_count,
      charged,
    };
  }
}
