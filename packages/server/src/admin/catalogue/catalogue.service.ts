/**
 * Catalogue section: search and filter works, read one with its chapters, and edit it — title,
 * alternative titles, summary, status, score, categories, pay mode (free / coins / VIP) with the
 * number of free chapters, coin price per chapter, published. One audit row per edit with the
 * fields before and after. The app's lock reads chapters.pay, so the pay mode and free count are
 * written to the chapters as the importer writes them. Home and search caches are emptied by the
 * route after the commit (CatalogueAdminService.afterChange).
 */
import type { Database } from '../../db/database.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import type { CatalogueAdminRepository, WorkFilter, WorkPatch } from './catalogue.repository.js';

export type PayMode = 'free' | 'coins' | 'vip';
const PAY: Record<PayMode, number> = { free: 0, coins: 1, vip: 2 };
const PAY_NAME = ['free', 'coins', 'vip'] as const;

export interface WorkEdit {
  title?: string;
  altTitles?: string[];
  summary?: string;
  status?: 'serial' | 'finished';
  /** 0–10, one decimal. */
  score?: number;
  categoryIds?: number[];
  pay?: PayMode;
  freeChapters?: number;
  chapterPrice?: number;
  published?: boolean;
}

function parseAlt(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Chapters read free before the first paid one (all of them when none is paid). */
/** Free chapters before the first paid one; a book's front and back matter is not counted. */
function freeCount(chapters: { pay: number; matter: string }[]): number {
  const real = chapters.filter((c) => c.matter === '');
  const first = real.findIndex((c) => c.pay > 0);
  return first === -1 ? real.length : first;
}

export class CatalogueAdminService {
  constructor(private readonly repo: CatalogueAdminRepository) {}

  search(filter: WorkFilter, page: number, size: number) {
    return this.repo.search(filter, (page - 1) * size, size);
  }

  categories() {
    return this.repo.categories();
  }

  private async view(db: Database, id: number) {
    const work = await this.repo.work(db, id);
    if (!work) throw AdminErrors.notFound('work');
    const chapters = await this.repo.chapters(db, id);
    return {
      id: work.id,
      type: work.type,
      title: work.title,
      altTitles: parseAlt(work.alt_titles),
      summary: work.summary,
      coverKey: work.cover_key,
      status: work.is_end ? ('finished' as const) : ('serial' as const),
      score: work.score_x10 / 10,
      categoryIds: await this.repo.categoryIds(db, id),
      pay: PAY_NAME[work.pay] ?? 'free',
      freeChapters: freeCount(chapters),
      chapterPrice: work.chapter_price,
      published: work.published === 1,
      chapterCount: chapters.length,
      chapters,
    };
  }

  detail(db: Database, id: number) {
    return this.view(db, id);
  }

  async edit(trx: Database, audit: Audit, id: number, input: WorkEdit) {
    const before = await this.view(trx, id);
    const patch: WorkPatch = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.altTitles !== undefined) patch.alt_titles = JSON.stringify(input.altTitles);
    if (input.summary !== undefined) patch.summary = input.summary;
    if (input.status !== undefined) patch.is_end = input.status === 'finished' ? 1 : 0;
    if (input.score !== undefined) patch.score_x10 = Math.round(input.score * 10);
    if (input.pay !== undefined) patch.pay = PAY[input.pay];
    if (input.chapterPrice !== undefined) patch.chapter_price = input.chapterPrice;
    if (input.published !== undefined) patch.published = input.published ? 1 : 0;
    if (input.categoryIds !== undefined) {
      const wanted = [...new Set(input.categoryIds)].sort((a, b) => a - b);
      const found = await this.repo.existingCategories(trx, wanted, before.type);
      const unknown = wanted.filter((c) => !found.includes(c));
      if (unknown.length) throw AdminErrors.invalid(`No such category for this kind: ${unknown.join(', ')}`);
      await this.repo.setCategories(trx, id, wanted);
    }
    await this.repo.update(trx, id, patch);
    if (input.pay !== undefined || input.freeChapters !== undefined) {
      const pay = input.pay !== undefined ? PAY[input.pay] : PAY[before.pay];
      const free = input.freeChapters ?? before.freeChapters;
      await this.repo.setChapterPay(trx, id, pay === 0 ? 2_147_483_647 : free, pay);
    }
    const after = await this.view(trx, id);
    const changed = (Object.keys(input) as (keyof WorkEdit)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    const pick = (v: typeof before) => Object.fromEntries(changed.map((key) => [key, v[key]]));
    await audit({
      action: 'work.edit',
      targetType: 'work',
      targetId: id,
      before: pick(before),
      after: pick(after),
    });
    return after;
  }
}
