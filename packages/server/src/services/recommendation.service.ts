/**
 * "For you" (/v3/reco/for_you) and "readers of this also read" (/v3/reco/also_read). The lists come
 * from work_similar, which the builder job fills; this service only reads and merges:
 * operator pins first, then works similar to the reader's recent history and shelf (summed
 * scores), then the kind's popular works, so a new reader, or one whose works nobody else reads,
 * still gets a full list. Cards are presented as every list presents them (CatalogueService.cards).
 * "Not interested" (hide, unhide, the reader's hidden list) lives here too: both lists leave those
 * works out.
 */
import { FOR_YOU_MAX, type ForYouItem, type HiddenWork, type WorkCard } from '@dm51/shared';
import type { CatalogueRepository, WorkCardRow } from '../repositories/catalogue.repository.js';
import type { RecoHiddenRepository } from '../repositories/reco-hidden.repository.js';
import type { RecommendationRepository } from '../repositories/recommendation.repository.js';
import { CatalogueErrors } from './catalogue-errors.js';
import type { CatalogueService } from './catalogue.service.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import { dayOf } from './view-counter.service.js';

/** Recent works of each kind (history, shelf) a reader's "for you" starts from. */
const SEEDS = 20;
/** The popular fallback counts views of this many days (the ranking roll-up). */
const POPULAR_DAYS = 30;

type Reason = ForYouItem['reason'];

export class RecommendationService {
  constructor(
    private readonly repo: RecommendationRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly works: CatalogueService,
    private readonly hidden: RecoHiddenRepository,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async forYou(userId: number, type: number, page: number, limit: number): Promise<Paged<ForYouItem>> {
    const picked: { id: number; reason: Reason }[] = [];
    const taken = new Set<number>();
    const add = (ids: number[], reason: Reason) => {
      for (const id of ids) {
        if (picked.length >= FOR_YOU_MAX) return;
        if (taken.has(id)) continue;
        taken.add(id);
        picked.push({ id, reason });
      }
    };
    add(await this.repo.pinsFor(userId, type), 'pinned');
    const seeds = await this.repo.seedsOf(userId, SEEDS);
    // Asked for with room for the pins, which may be among them.
    add(await this.repo.similarToSeeds(userId, seeds, type, FOR_YOU_MAX), 'similar');
    if (picked.length < FOR_YOU_MAX) {
      const sinceDay = dayOf(this.clock()) - POPULAR_DAYS + 1;
      add(await this.repo.popular(userId, type, sinceDay, FOR_YOU_MAX), 'popular');
    }
    const offset = offsetOf(page, limit);
    const slice = picked.slice(offset, offset + limit);
    const cards = await this.cardsInOrder(slice.map((item) => item.id));
    const reasons = new Map(slice.map((item) => [item.id, item.reason]));
    return {
      list: cards.map((card) => ({ ...card, reason: reasons.get(card.relate_id) ?? 'popular' })),
      total: picked.length,
    };
  }

  /** Readers of `workId` also read: empty for an unknown or unpublished work. */
  async alsoRead(userId: number, workId: number, limit: number): Promise<{ list: WorkCard[] }> {
    const work = await this.catalogue.findWork(workId);
    if (!work) return { list: [] };
    const ids = await this.repo.alsoRead(userId, workId, work.type, limit);
    return { list: await this.cardsInOrder(ids) };
  }

  /** "Not interested": a published work of any kind; hiding it again changes nothing. */
  async hide(userId: number, workId: number): Promise<{ hidden: 1 }> {
    if (!(await this.catalogue.findWork(workId))) throw CatalogueErrors.notFound();
    await this.hidden.hide(userId, workId, this.clock());
    return { hidden: 1 };
  }

  /** Only the reader's own hidden row is removed; any other id is refused and changes nothing. */
  /**
   * Idempotent like hide: a work that is not on the reader's list (shown again already, a retry
   * after a lost answer, or another reader's row) answers the same and changes nothing.
   */
  async unhide(userId: number, workId: number): Promise<{ hidden: 0 }> {
    await this.hidden.unhide(userId, workId);
    return { hidden: 0 };
  }

  async hiddenList(userId: number, page: number, limit: number): Promise<Paged<HiddenWork>> {
    const { rows, total } = await this.hidden.list(userId, offsetOf(page, limit), limit);
    const cards = await this.works.cards(rows);
    const times = new Map(rows.map((row) => [row.id, Number(row.hidden_time)]));
    return {
      list: cards.map((card) => ({ ...card, hidden_time: times.get(card.relate_id) ?? 0 })),
      total,
    };
  }

  private async cardsInOrder(ids: number[]): Promise<WorkCard[]> {
    const rows = await this.catalogue.cardsByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.works.cards(
      ids.flatMap((id): WorkCardRow[] => {
        const row = byId.get(id);
        return row ? [row] : [];
      }),
    );
  }
}
