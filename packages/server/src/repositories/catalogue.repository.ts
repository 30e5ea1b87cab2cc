/**
 * Read side of the catalogue: published works, their people/tags/categories, chapters, pages and
 * novel text. Only published works are ever returned. The importer owns the writes.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB, WorkRow } from '../db/schema.js';
import { reusableQuery } from '../db/reusable-query.js';

export const CARD_COLUMNS = [
  'works.id',
  'works.type',
  'works.title',
  'works.cover_key',
  'works.cover_width',
  'works.cover_height',
  'works.is_end',
  'works.pay',
  'works.score_x10',
  'works.chapter_count',
  'works.latest_chapter_title',
  'works.views_total',
  'works.favorites_total',
  'works.updated_time',
] as const;

/**
 * For a page of a reader's list read in one statement: the total of the list (a window count over
 * the same rows, before the limit) and the catalogue version read in the same snapshot, so the
 * caller can take the cards' people kept at that version.
 */
export const totalAndVersion = (eb: ExpressionBuilder<DB, keyof DB>) => [
  eb.fn.countAll<number | string>().over().as('total'),
  eb
    .selectFrom('catalogue_version')
    .select('version')
    .where('catalogue_version.id', '=', 1)
    .as('catalogue_version'),
];

export type WorkCardRow = Pick<
  WorkRow,
  | 'id'
  | 'type'
  | 'title'
  | 'cover_key'
  | 'cover_width'
  | 'cover_height'
  | 'is_end'
  | 'pay'
  | 'score_x10'
  | 'chapter_count'
  | 'latest_chapter_title'
  | 'views_total'
  | 'favorites_total'
  | 'updated_time'
>;

export interface WorkPeople {
  authors: { id: number; name: string; role: string }[];
  tags: { id: number; name: string }[];
}

export type WorkOrder = 'new' | 'hot' | 'score';

export interface WorkFilter {
  type: number;
  categoryId: number;
  tagId: number;
  /** 0 any, 1 serialising, 2 finished. */
  status: number;
  /** 0 any, 1 free, 2 VIP. */
  pay: number;
  order: WorkOrder;
  offset: number;
  limit: number;
}

export interface ChapterWithWork {
  id: number;
  work_id: number;
  sort_order: number;
  title: string;
  number: string;
  pay: number;
  price_coins: number;
  word_count: number;
  work_type: number;
  work_title: string;
  work_rtl: number;
  chapter_count: number;
}

export function orderWorks<O>(
  query: SelectQueryBuilder<DB, 'works', O>,
  order: WorkOrder,
): SelectQueryBuilder<DB, 'works', O> {
  if (order === 'hot') return query.orderBy('works.views_total', 'desc').orderBy('works.id', 'desc');
  if (order === 'score') {
    return query
      .orderBy('works.score_x10', 'desc')
      .orderBy('works.views_total', 'desc')
      .orderBy('works.id', 'desc');
  }
  return query.orderBy('works.updated_time', 'desc').orderBy('works.id', 'desc');
}

export class CatalogueRepository {
  constructor(private readonly db: Database) {}

  private published() {
    return this.db.selectFrom('works').where('works.published', '=', 1);
  }

  async findWork(id: number): Promise<WorkRow | undefined> {
    return this.published().selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The published work `id` and the id of its first chapter (0 without one): what its detail shows everyone. */
  async findWorkAndFirstChapter(id: number): Promise<{ work: WorkRow; firstChapterId: number } | undefined> {
    const row = await this.published()
      .selectAll('works')
      .select((eb) =>
        eb
          .selectFrom('chapters')
          .select('chapters.id')
          .whereRef('chapters.work_id', '=', 'works.id')
          .orderBy('chapters.sort_order')
          .limit(1)
          .as('first_chapter_id'),
      )
      .where('works.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { first_chapter_id: firstChapterId, ...work } = row;
    return { work, firstChapterId: firstChapterId ?? 0 };
  }

  /** Card rows for ids (published only), in no particular order. */
  async cardsByIds(ids: number[]): Promise<WorkCardRow[]> {
    if (ids.length === 0) return [];
    return this.published().select(CARD_COLUMNS).where('works.id', 'in', ids).execute();
  }

  /** Authors (by position) and tags of each work. */
  async peopleOf(ids: number[]): Promise<Map<number, WorkPeople>> {
    const people = new Map<number, WorkPeople>(ids.map((id) => [id, { authors: [], tags: [] }]));
    if (ids.length === 0) return people;
    const [authors, tags] = await Promise.all([
      this.db
        .selectFrom('work_authors')
        .innerJoin('authors', 'authors.id', 'work_authors.author_id')
        .select(['work_authors.work_id', 'authors.id', 'authors.name', 'work_authors.role'])
        .where('work_authors.work_id', 'in', ids)
        .orderBy('work_authors.work_id')
        .orderBy('work_authors.position')
        .execute(),
      this.db
        .selectFrom('work_tags')
        .innerJoin('tags', 'tags.id', 'work_tags.tag_id')
        .select(['work_tags.work_id', 'tags.id', 'tags.name'])
        .where('work_tags.work_id', 'in', ids)
        .orderBy('work_tags.work_id')
        .orderBy('tags.id')
        .execute(),
    ]);
    for (const row of authors)
      people.get(row.work_id)?.authors.push({ id: row.id, name: row.name, role: row.role });
    for (const row of tags) people.get(row.work_id)?.tags.push({ id: row.id, name: row.name });
    return people;
  }

  private filtered(filter: Omit<WorkFilter, 'order' | 'offset' | 'limit'>) {
    let query = this.published().where('works.type', '=', filter.type);
    if (filter.categoryId) {
      query = query.where('works.id', 'in', (eb) =>
        eb.selectFrom('work_categories').select('work_id').where('category_id', '=', filter.categoryId),
      );
    }
    if (filter.tagId) {
      query = query.where('works.id', 'in', (eb) =>
        eb.selectFrom('work_tags').select('work_id').where('tag_id', '=', filter.tagId),
      );
    }
    if (filter.status === 1) query = query.where('works.is_end', '=', 0);
    if (filter.status === 2) query = query.where('works.is_end', '=', 1);
    if (filter.pay === 1) query = query.where('works.pay', '<>', 2);
    if (filter.pay === 2) query = query.where('works.pay', '=', 2);
    return query;
  }

  /**
   * A page of `listWorks` without its total: home's sections show no count, and counting every
   * matching work per section cost more than reading the page (most of a home rebuild).
   */
  async listWorkRows(filter: WorkFilter): Promise<WorkCardRow[]> {
    return orderWorks(this.filtered(filter).select(CARD_COLUMNS), filter.order)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  async listWorks(filter: WorkFilter): Promise<{ rows: WorkCardRow[]; total: number }> {
    const base = this.filtered(filter);
    const [rows, count] = await Promise.all([
      orderWorks(base.select(CARD_COLUMNS), filter.order).limit(filter.limit).offset(filter.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Categories of a type by their sort, with counts of published works. */
  async categoriesWithCounts(type: number): Promise<{ id: number; name: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('categories')
      .leftJoin('work_categories', 'work_categories.category_id', 'categories.id')
      .leftJoin('works', (join) =>
        join.onRef('works.id', '=', 'work_categories.work_id').on('works.published', '=', 1),
      )
      .select(['categories.id', 'categories.name', (eb) => eb.fn.count<number>('works.id').as('count')])
      .where('categories.type', '=', type)
      .groupBy(['categories.id', 'categories.name', 'categories.sort'])
      .orderBy('categories.sort')
      .orderBy('categories.id')
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  /** Tags with published works of a type, most used first. */
  async tagsWithCounts(
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: { id: number; name: string; count: number }[]; total: number }> {
    const base = this.db
      .selectFrom('tags')
      .innerJoin('work_tags', 'work_tags.tag_id', 'tags.id')
      .innerJoin('works', 'works.id', 'work_tags.work_id')
      .where('works.published', '=', 1)
      .where('works.type', '=', type);
    const [rows, count] = await Promise.all([
      base
        .select(['tags.id', 'tags.name', (eb) => eb.fn.count<number>('works.id').as('count')])
        .groupBy(['tags.id', 'tags.name'])
        .orderBy('count', 'desc')
        .orderBy('tags.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.count<number>('tags.id').distinct().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((row) => ({ ...row, count: Number(row.count) })), total: Number(count.n) };
  }

  async findAuthor(id: number): Promise<{ id: number; name: string } | undefined> {
    return this.db.selectFrom('authors').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async worksOfAuthor(
    authorId: number,
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: WorkCardRow[]; total: number }> {
    let base = this.published().where('works.id', 'in', (eb) =>
      eb.selectFrom('work_authors').select('work_id').where('author_id', '=', authorId),
    );
    if (type >= 0) base = base.where('works.type', '=', type);
    const [rows, count] = await Promise.all([
      orderWorks(base.select(CARD_COLUMNS), 'new').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Top works of each category of a type by views, `size` per category (categories by their sort). */
  async categoryShowcase(type: number, size: number, maxCategories: number) {
    const categories = await this.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('type', '=', type)
      .orderBy('sort')
      .orderBy('id')
      .limit(maxCategories)
      .execute();
    return Promise.all(
      categories.map(async (category) => ({
        ...category,
        rows: await this.listWorkRows({
          type,
          categoryId: category.id,
          tagId: 0,
          status: 0,
          pay: 0,
          order: 'hot',
          offset: 0,
          limit: size,
        }),
      })),
    );
  }

  /**
   * A page of the work's chapters and their total, in one statement (the total counted over the
   * same rows, a window); a page past the end has no row to carry it: it is counted apart.
   */
  async chapters(workId: number, order: 'asc' | 'desc', offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('chapters')
      .select([
        'id',
        'sort_order',
        'title',
        'number',
        'volume',
        'pay',
        'price_coins',
        'page_count',
        'word_count',
        'updated_time',
        'matter',
      ])
      .select((eb) => eb.fn.countAll<number | string>().over().as('total'))
      .where('work_id', '=', workId)
      .orderBy('sort_order', order)
      .limit(limit)
      .offset(offset)
      .execute();
    if (rows[0]) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0].total) };
    if (offset === 0) return { rows: [], total: 0 };
    const count = await this.db
      .selectFrom('chapters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_id', '=', workId)
      .executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.n) };
  }

  /** A chapter of a published work with what the reader shows of the work. */
  // The chapter readers' lookups, built and compiled once (db/reusable-query.ts).
  private readonly chapterById = reusableQuery<[number], ChapterWithWork>(
    () => this.db,
    1,
    (chapterId) =>
      this.db
        .selectFrom('chapters')
        .innerJoin('works', 'works.id', 'chapters.work_id')
        .select([
          'chapters.id',
          'chapters.work_id',
          'chapters.sort_order',
          'chapters.title',
          'chapters.number',
          'chapters.pay',
          'chapters.price_coins',
          'chapters.word_count',
          'works.type as work_type',
          'works.title as work_title',
          'works.rtl as work_rtl',
          'works.chapter_count',
        ])
        .where('chapters.id', '=', chapterId)
        .where('works.published', '=', 1),
  );

  private readonly chaptersAt = reusableQuery<
    [number, number, number],
    { id: number; sort_order: number; pay: number }
  >(
    () => this.db,
    3,
    (workId, before, after) =>
      this.db
        .selectFrom('chapters')
        .select(['id', 'sort_order', 'pay'])
        .where('work_id', '=', workId)
        .where('sort_order', 'in', [before, after]),
  );

  private readonly pagesOf = reusableQuery<[number], { media_key: string; width: number; height: number }>(
    () => this.db,
    1,
    (chapterId) =>
      this.db
        .selectFrom('pages')
        .select(['media_key', 'width', 'height'])
        .where('chapter_id', '=', chapterId)
        .orderBy('page_index'),
  );

  private readonly vipOf = reusableQuery<[number], { vip: number; viptime: number | string }>(
    () => this.db,
    1,
    (userId) => this.db.selectFrom('users').select(['vip', 'viptime']).where('id', '=', userId),
  );

  private readonly versionOf = reusableQuery<[], { version: number | string }>(
    () => this.db,
    0,
    () => this.db.selectFrom('catalogue_version').select('version').where('id', '=', 1),
  );

  /**
   * The catalogue version (migration 0023): it grows with every committed change to works'
   * reader-facing columns, chapters or pages. Read it before the rows a cache keeps under it.
   */
  async catalogueVersion(): Promise<number> {
    return Number((await this.versionOf()).rows[0]?.version ?? 0);
  }

  async findChapter(chapterId: number): Promise<ChapterWithWork | undefined> {
    return (await this.chapterById(chapterId)).rows[0];
  }

  /** The chapters just before and after `sortOrder` (sort_order is dense). */
  async neighbours(workId: number, sortOrder: number) {
    const { rows } = await this.chaptersAt(workId, sortOrder - 1, sortOrder + 1);
    return {
      prev: rows.find((row) => row.sort_order === sortOrder - 1),
      next: rows.find((row) => row.sort_order === sortOrder + 1),
    };
  }

  async pages(chapterId: number) {
    return (await this.pagesOf(chapterId)).rows;
  }

  async novelText(chapterId: number) {
    return this.db
      .selectFrom('novel_texts')
      .select(['html', 'text'])
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
  }

  /** The VIP state of a user (users.vip and viptime), for chapter access. */
  async vipState(userId: number): Promise<{ vip: number; viptime: number }> {
    const row = (await this.vipOf(userId)).rows[0];
    return { vip: row?.vip ?? 0, viptime: Number(row?.viptime ?? 0) };
  }

  /** Published works of a type among ids (search/ranking pages keep their own order). */
  async typeOf(workId: number): Promise<number | undefined> {
    const row = await this.published().select('type').where('id', '=', workId).executeTakeFirst();
    return row?.type;
  }
}

/** `sum()` is numeric on PostgreSQL (a string through pg); cast it back to an integer. */
export const sumAsInt = (column: string) => sql<number>`cast(coalesce(sum(${sql.ref(column)}), 0) as bigint)`;
