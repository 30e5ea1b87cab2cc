/**
 * "Not interested": the works each reader asked never to be recommended again (reco_hidden). The
 * recommendation lists read the table through RecommendationRepository; this is its write side and
 * the reader's own list.
 */
import type { Database } from '../db/database.js';
import { CARD_COLUMNS, type WorkCardRow } from './catalogue.repository.js';

export type HiddenWorkRow = WorkCardRow & { hidden_time: number };

export class RecoHiddenRepository {
  constructor(private readonly db: Database) {}

  /** Adds the work to the reader's list; one that is already there keeps its first time. */
  async hide(userId: number, workId: number, time: number): Promise<void> {
    await this.db
      .insertInto('reco_hidden')
      .values({ user_id: userId, work_id: workId, created_time: time })
      .onConflict((oc) => oc.columns(['user_id', 'work_id']).doNothing())
      .execute();
  }

  /** Removes the work from the reader's own list; false when it was not on it. */
  async unhide(userId: number, workId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reco_hidden')
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The reader's hidden works that are still published, most recently hidden first. */
  async list(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: HiddenWorkRow[]; total: number }> {
    const base = this.db
      .selectFrom('reco_hidden')
      .innerJoin('works', 'works.id', 'reco_hidden.work_id')
      .where('reco_hidden.user_id', '=', userId)
      .where('works.published', '=', 1);
    const [rows, count] = await Promise.all([
      base
        .select([...CARD_COLUMNS, 'reco_hidden.created_time as hidden_time'])
        .orderBy('reco_hidden.created_time', 'desc')
        .orderBy('works.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
