/** Favourites (the bookshelf). Every statement is scoped by user id: no one reaches another's shelf. */
import type { Database } from '../db/database.js';
import { CARD_COLUMNS, type WorkCardRow } from './catalogue.repository.js';

export interface ShelfRow extends WorkCardRow {
  added_time: number;
}

export class ShelfRepository {
  constructor(private readonly db: Database) {}

  async isFavorite(userId: number, workId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('favorites')
      .select('work_id')
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .executeTakeFirst();
    return row !== undefined;
  }

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

  async list(
    userId: number,
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: ShelfRow[]; total: number }> {
    const base = this.db
      .selectFrom('favorites')
      .innerJoin('works', 'works.id', 'favorites.work_id')
      .where('favorites.user_id', '=', userId)
      .where('favorites.type', '=', type)
      .where('works.published', '=', 1);
    const [rows, count] = await Promise.all([
      base
        .select([...CARD_COLUMNS, 'favorites.added_time'])
        .orderBy('favorites.added_time', 'desc')
        .orderBy('works.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
