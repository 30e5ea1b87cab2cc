/** Favourites (the bookshelf). Every statement is scoped by user id: no one reaches another's shelf. */
import type { Database } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import { CARD_COLUMNS, totalAndVersion, type WorkCardRow } from './catalogue.repository.js';
import type { PlaceColumns } from './history.repository.js';

export interface ShelfRow extends WorkCardRow, PlaceColumns {
  added_time: number;
}

/** A shelf page's row: the total of the pages and the catalogue version ride on each. */
type ShelfPageRow = ShelfRow & { total: number | string; catalogue_version: number | string | null };

export class ShelfRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds a favourite and, only when it is new, counts it on the work and in today's roll-up, in one
   * transaction (so favorites_total always equals the number of rows). Returns the work's total.
   */
  async add(userId: number, workId: number, type: number, time: number, day: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('favorites')
        .values({ user_id: userId, work_id: workId, type, added_time: time })
        .onConflict((oc) => oc.columns(['user_id', 'work_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx
          .updateTable('works')
          .set((eb) => ({ favorites_total: eb('favorites_total', '+', 1) }))
          .where('id', '=', workId)
          .execute();
        await trx
          .insertInto('work_stats_daily')
          .values({ work_id: workId, day, views: 0, favorites: 1 })
          .onConflict((oc) =>
            oc.columns(['work_id', 'day']).doUpdateSet((eb) => ({
              favorites: eb('work_stats_daily.favorites', '+', 1),
            })),
          )
          .execute();
      }
      const work = await trx
        .selectFrom('works')
        .select('favorites_total')
        .where('id', '=', workId)
        .executeTakeFirst();
      return work?.favorites_total ?? 0;
    });
  }

  /** Removes the user's favourites among `workIds` of `type`; the works' totals follow. */
  async remove(userId: number, type: number, workIds: number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const owned = await trx
        .selectFrom('favorites')
        .select('work_id')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('work_id', 'in', workIds)
        .execute();
      const ids = owned.map((row) => row.work_id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('favorites').where('user_id', '=', userId).where('work_id', 'in', ids).execute();
      await trx
        .updateTable('works')
        .set((eb) => ({ favorites_total: eb('favorites_total', '-', 1) }))
        .where('id', 'in', ids)
        .where('favorites_total', '>', 0)
        .execute();
      return ids.length;
    });
  }

  /**
   * A page of the shelf of `type` with each work's reading place (or none), the total counted over
   * the same rows (a window) and the catalogue version, in one statement: the version is read in
   * the same snapshot, so the caller can take the cards' people kept at that version. A page past
   * the end has no row to carry the total: it is counted apart.
   */
  async list(
    userId: number,
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: ShelfRow[]; total: number; version: number }> {
    const { rows } = await this.page(userId, type, limit, offset);
    const first = rows[0];
    if (first) return { rows, total: Number(first.total), version: Number(first.catalogue_version) };
    return { rows: [], total: offset > 0 ? await this.count(userId, type) : 0, version: 0 };
  }

  private base(userId: number, type: number) {
    return this.db
      .selectFrom('favorites')
      .innerJoin('works', 'works.id', 'favorites.work_id')
      .where('favorites.user_id', '=', userId)
      .where('favorites.type', '=', type)
      .where('works.published', '=', 1);
  }

  // The shelf's page, built and compiled once (db/reusable-query.ts).
  private readonly page = reusableQuery<[number, number, number, number], ShelfPageRow>(
    () => this.db,
    4,
    (userId, type, limit, offset) =>
      this.base(userId, type)
        // The reader's own place in the work (a place whose chapter is gone is none).
        .leftJoin('reading_history', (join) =>
          join
            .onRef('reading_history.user_id', '=', 'favorites.user_id')
            .onRef('reading_history.work_id', '=', 'favorites.work_id'),
        )
        .leftJoin('chapters', 'chapters.id', 'reading_history.chapter_id')
        .select([
          ...CARD_COLUMNS,
          'favorites.added_time',
          'chapters.id as place_chapter_id',
          'chapters.title as place_chapter_title',
          'chapters.number as place_chapter_number',
          'chapters.sort_order as place_chapter_sort',
          'reading_history.page_index as place_page_index',
          'reading_history.position as place_position',
          'reading_history.percent as place_percent',
          'reading_history.updated_time as place_time',
          'reading_history.synced_from as place_synced_from',
        ])
        .select(totalAndVersion)
        .orderBy('favorites.added_time', 'desc')
        .orderBy('works.id', 'desc')
        .limit(limit)
        .offset(offset),
  );

  private async count(userId: number, type: number): Promise<number> {
    const row = await this.base(userId, type)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
