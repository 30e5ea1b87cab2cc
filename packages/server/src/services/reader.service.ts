/**
 * Opening chapters: VIP access, the pages of a comic chapter, the text of a novel chapter, the
 * neighbours for previous/next, and one counted view. Paid chapters go through UnlockService.
 */
import type { ChargeNotice, ComicPage, ReaderChapter } from '@dm51/shared';
import { presentNovelHtml, presentPages, presentReaderChapter } from '../presenters/chapter.presenter.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { isVipActive } from '../policies/chapter-access.policy.js';
import { CatalogueErrors } from './catalogue.service.js';
import type { UnlockService } from './unlock.service.js';
import type { ViewCounter } from './view-counter.service.js';

const now = () => Math.floor(Date.now() / 1000);

export class ReaderService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly views: ViewCounter,
    private readonly unlocks: UnlockService,
  ) {}

  /** The chapter of `type`, checked for access; refusals leak nothing of its content. */
  private async open(userId: number, chapterId: number, type: number) {
    const chapter = await this.catalogue.findChapter(chapterId);
    if (!chapter || chapter.work_type !== type) throw CatalogueErrors.notFound();
    const vipActive = isVipActive(await this.catalogue.vipState(userId), now());
    const charged = await this.unlocks.openOrCharge(userId, chapter, vipActive);
    const { prev, next } = await this.catalogue.neighbours(chapter.work_id, chapter.sort_order);
    const header = presentReaderChapter(chapter, {
      prevId: prev?.id ?? 0,
      nextId: next?.id ?? 0,
      nextLocked: next ? await this.unlocks.lockedFor(userId, next, vipActive) : false,
    });
    this.views.count(chapter.work_id);
    return { chapter, header, charged };
  }

  async comicChapter(
    userId: number,
    chapterId: number,
  ): Promise<{ chapter: ReaderChapter; rtl: number; pages: ComicPage[]; charged: ChargeNotice }> {
    const { chapter, header, charged } = await this.open(userId, chapterId, 0);
    const pages = await this.catalogue.pages(chapter.id);
    return { chapter: header, rtl: chapter.work_rtl === 1 ? 1 : 0, pages: presentPages(pages), charged };
  }

  async novelChapter(userId: number, chapterId: number) {
    const { chapter, header, charged } = await this.open(userId, chapterId, 1);
    const content = await this.catalogue.novelText(chapter.id);
    return {
      chapter: header,
      html: presentNovelHtml(content?.html ?? ''),
      text: content?.text ?? '',
      word_count: chapter.word_count,
      charged,
    };
  }
}
