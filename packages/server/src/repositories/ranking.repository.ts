/**
 * The daily roll-up of views and favourites (work_stats_daily) and the rankings read from it.
 * Views arrive here only in batches from the buffered view counter, never one row per view.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { CARD_COLUMNS, type WorkCardRow } from './catalogue.repository.js';
import { firstWriteOfBatch } from './counter-batches.js';

export type RankBy = 'views' | 'favorites' | 'score';

export interface ViewBatchEntry {
  workId: number;
  day: number;
  views: number;
}

export type RankRow = WorkCardRow & { value: number };

export class RankingRepository {
  /** Statements issued by addViews, for the write-amplification test and logs. */
  writes = 0;

  constructor(private readonly db: Database) {}

  /**
   * One transaction per flush: one multi-row upsert into the roll-up, and one update of
   * views_total per distinct work in the batch. `sharedBatch` (a batch taken from Redis) is
   * written at most once, however often it is handed over (counter-batches.ts).
   */
  async addViews(batch: ViewBatchEntry[], sharedBatch?: string): Promise<void> {
    if (batch.length === 0) return;
    const perWork = new Map<number, number>();
    for (const entry of batch) perWork.set(entry.workId, (perWork.get(entry.workId) ?? 0) + entry.views);
    await this.db.transaction().execute(async (trx) => {
      if (sharedBatch !== undefined && !(await firstWriteOfBatch(trx, sharedBatch))) return;
      // Works deleted since the views were counted must not break the batch.
      const live = new Set(
        (
          await trx
            .selectFrom('works')
            .select('id')
            .where('id', 'in', [...perWork.keys()])
            .execute()
        ).map((r) => r.id),
      );
      const rows = batch.filter((entry) => live.has(entry.workId));
      if (rows.length === 0) return;
      await trx
        .insertInto('work_stats_daily')
        .values(
          rows.map((entry) => ({ work_id: entry.workId, day: entry.day, views: entry.views, favorites: 0 })),
        )
        .onConflict((oc) =>
          oc.columns(['work_id', 'day']).doUpdateSet({
            views: sql`work_stats_daily.views + excluded.views`,
          }),
        )
        .execute();
      this.writes += 1;
      for (const [workId, views] of perWork) {
        if (!live.has(workId)) continue;
        await trx
          .updateTable('works')
          .set((eb) => ({ views_total: eb('views_total', '+', views) }))
          .where('id', '=', workId)
          .execute();
        this.writes += 1;
      }
    });
  }

  /**
   * Published works of `type` ranked by `by`. `sinceDay` null is all time (every work, by the
   * totals on works); otherwise only works with activity in [sinceDay, today]. By score, only
   * rated works: a score of 0 means nobody rated it, and it would trail a "top rated" list.
   */
  async rank(
    type: number,
    by: RankBy,
    sinceDay: number | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: RankRow[]; total: number }> {
    if (sinceDay === null) {
      const valueColumn =
        by === 'views'
          ? 'works.views_total'
          : by === 'favorites'
            ? 'works.favorites_total'
            : 'works.score_x10';
      const base = this.db
        .selectFrom('works')
        .where('works.published', '=', 1)
        .where('works.type', '=', type)
        .$if(by === 'score', (q) => q.where('works.score_x10', '>', 0));
      const [rows, count] = await Promise.all([
        base
          .select([...CARD_COLUMNS, sql<number>`${sql.ref(valueColumn)}`.as('value')])
          .orderBy(valueColumn, 'desc')
          .orderBy('works.views_total', 'desc')
          .orderBy('works.id', 'asc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => ({ ...row, value: Number(row.value) })), total: Number(count.n) };
    }

    const window = this.db
      .selectFrom('work_stats_daily')
      .select([
        'work_id',
        sql<number>`cast(sum(work_stats_daily.views) as bigint)`.as('views'),
        sql<number>`cast(sum(work_stats_daily.favorites) as bigint)`.as('favorites'),
      ])
      .where('day', '>=', sinceDay)
      .groupBy('work_id')
      .as('s');
    let base = this.db
      .selectFrom('works')
      .innerJoin(window, 's.work_id', 'works.id')
      .where('works.published', '=', 1)
      .where('works.type', '=', type);
    base = by === 'favorites' ? base.where('s.favorites', '>', 0) : base.where('s.views', '>', 0);
    if (by === 'score') base = base.where('works.score_x10', '>', 0);
    const value =
      by === 'views'
        ? sql<number>`s.views`
        : by === 'favorites'
          ? sql<number>`s.favorites`
          : sql<number>`works.score_x10`;
    const [rows, count] = await Promise.all([
      base
        .select([...CARD_COLUMNS, value.as('value')])
        .orderBy(value, 'desc')
        .orderBy('s.views', 'desc')
        .orderBy('works.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((row) => ({ ...row, value: Number(row.value) })), total: Number(count.n) };
  }
}
