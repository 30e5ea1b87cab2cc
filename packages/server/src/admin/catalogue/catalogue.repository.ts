/** Catalogue section: works with their chapters and categories, searched and edited by operators. */
import type { Database } from '../../db/database.js';

export interface WorkFilter {
  q?: string;
  type?: number;
  /** 0 serialising, 1 finished. */
  isEnd?: number;
  categoryId?: number;
  vip?: boolean;
  published?: number;
}

export interface WorkPatch {
  title?: string;
  alt_titles?: string;
  summary?: string;
  is_end?: number;
  score_x10?: number;
  pay?: number;
  chapter_price?: number;
  published?: number;
}

const LIST_COLUMNS = [
  'works.id',
  'works.type',
  'works.title',
  'works.cover_key',
  'works.is_end',
  'works.pay',
  'works.chapter_price',
  'works.score_x10',
  'works.chapter_count',
  'works.published',
  'works.views_total',
  'works.favorites_total',
  'works.updated_time',
] as const;

/** Totals kept per filter (the oldest dropped first); each list page would otherwise count them again. */
const TOTALS_KEPT = 200;

export class CatalogueAdminRepository {
  /**
   * The match count of a filter at catalogue version `totalsVersion` (migration 0023): counting
   * every matching work is most of a list page's cost on a large catalogue, and the count can move
   * only with a change that bumps the version (works' rows, their titles and flags). Filters by
   * category are counted every time: work_categories does not bump the version.
   */
  private readonly totals = new Map<string, number>();
  private totalsVersion = -1;

  constructor(private readonly db: Database) {}

  async search(filter: WorkFilter, offset: number, limit: number) {
    let q = this.db.selectFrom('works');
    if (filter.q) q = q.where('works.title', 'like', `%${filter.q}%`);
    if (filter.type !== undefined) q = q.where('works.type', '=', filter.type);
    if (filter.isEnd !== undefined) q = q.where('works.is_end', '=', filter.isEnd);
    if (filter.vip !== undefined) q = q.where('works.pay', filter.vip ? '=' : '<>', 2);
    if (filter.published !== undefined) q = q.where('works.published', '=', filter.published);
    if (filter.categoryId !== undefined) {
      const categoryId = filter.categoryId;
      q = q.where('works.id', 'in', (eb) =>
        eb.selectFrom('work_categories').select('work_id').where('category_id', '=', categoryId),
      );
    }
    const count = async () =>
      Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const [rows, total] = await Promise.all([
      q.select(LIST_COLUMNS).orderBy('works.id', 'desc').offset(offset).limit(limit).execute(),
      filter.categoryId === undefined ? this.keptTotal(filter, count) : count(),
    ]);
    return { rows, total };
  }

  /** `count()` of `filter`, kept until the catalogue version moves (read before counting). */
  private async keptTotal(filter: WorkFilter, count: () => Promise<number>): Promise<number> {
    const row = await this.db
      .selectFrom('catalogue_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    const version = Number(row?.version ?? 0);
    if (version !== this.totalsVersion) {
      this.totals.clear();
      this.totalsVersion = version;
    }
    const key = JSON.stringify([filter.q, filter.type, filter.isEnd, filter.vip, filter.published]);
    const kept = this.totals.get(key);
    if (kept !== undefined) return kept;
    const total = await count();
    // Another request saw a newer version meanwhile: this count may be of the older one.
    if (this.totalsVersion === version) {
      if (this.totals.size >= TOTALS_KEPT) this.totals.delete(this.totals.keys().next().value!);
      this.totals.set(key, total);
    }
    return total;
  }

  work(trx: Database, id: number) {
    return trx.selectFrom('works').selectAll().where('id', '=', id).executeTakeFirst();
  }

  chapters(trx: Database, workId: number) {
    return trx
      .selectFrom('chapters')
      .select([
        'id',
        'sort_order',
        'number',
        'title',
        'pay',
        'price_coins',
        'page_count',
        'duration_s',
        'matter',
      ])
      .where('work_id', '=', workId)
      .orderBy('sort_order')
      .execute();
  }

  async categoryIds(trx: Database, workId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('work_categories')
      .select('category_id')
      .where('work_id', '=', workId)
      .orderBy('category_id')
      .execute();
    return rows.map((r) => r.category_id);
  }

  categories() {
    return this.db
      .selectFrom('categories')
      .select(['id', 'type', 'name'])
      .orderBy('type')
      .orderBy('sort')
      .execute();
  }

  async existingCategories(trx: Database, ids: number[], type: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('categories')
      .select('id')
      .where('id', 'in', ids)
      .where('type', '=', type)
      .execute();
    return rows.map((r) => r.id);
  }

  async update(trx: Database, id: number, patch: WorkPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await trx.updateTable('works').set(patch).where('id', '=', id).execute();
  }

  async setCategories(trx: Database, workId: number, ids: number[]): Promise<void> {
    await trx.deleteFrom('work_categories').where('work_id', '=', workId).execute();
    if (ids.length) {
      await trx
        .insertInto('work_categories')
        .values(ids.map((category_id) => ({ work_id: workId, category_id })))
        .execute();
    }
  }

  /**
   * The first `free` chapters are free; the rest carry `pay` (2 VIP, 1 coins, 0 free), as the
   * importer sets them (FREE_PREVIEW_CHAPTERS) — the app's lock reads chapters.pay. A book's
   * front and back matter (chapters.matter) is always free and not one of the `free` chapters.
   */
  async setChapterPay(trx: Database, workId: number, free: number, pay: number): Promise<void> {
    await trx
      .updateTable('chapters')
      .set({ pay: 0 })
      .where('work_id', '=', workId)
      .where('matter', '!=', '')
      .execute();
    const real = await trx
      .selectFrom('chapters')
      .select('id')
      .where('work_id', '=', workId)
      .where('matter', '=', '')
      .orderBy('sort_order')
      .execute();
    const ids = real.map((row) => row.id);
    for (const [value, part] of [
      [0, ids.slice(0, free)],
      [pay, ids.slice(free)],
    ] as const) {
      for (let i = 0; i < part.length; i += 500) {
        await trx
          .updateTable('chapters')
          .set({ pay: value })
          .where('id', 'in', part.slice(i, i + 500))
          .execute();
      }
    }
  }
}
