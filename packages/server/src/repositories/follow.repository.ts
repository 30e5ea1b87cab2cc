/** Follows. Every statement is scoped by user id: no one reaches another's follows. */
import type { Database } from '../db/database.js';

export class FollowRepository {
  constructor(private readonly db: Database) {}

  async add(userId: number, workId: number, time: number): Promise<void> {
    await this.db
      .insertInto('follows')
      .values({ user_id: userId, work_id: workId, created_time: time })
      .onConflict((oc) => oc.columns(['user_id', 'work_id']).doNothing())
      .execute();
  }

  async remove(userId: number, workIds: number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('follows')
      .where('user_id', '=', userId)
      .where('work_id', 'in', workIds)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Followed work ids with when, most recently updated work first. */
  async list(userId: number, offset: number, limit: number) {
    const base = this.db
      .selectFrom('follows')
      .innerJoin('works', 'works.id', 'follows.work_id')
      .where('follows.user_id', '=', userId)
      .where('works.published', '=', 1);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['follows.work_id', 'follows.created_time'])
      .orderBy('works.updated_time', 'desc')
      .orderBy('follows.work_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, total: Number(total.n) };
  }

  async followers(workId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('follows')
      .select('user_id')
      .where('work_id', '=', workId)
      .execute();
    return rows.map((row) => row.user_id);
  }

  async chapterTitles(workId: number, chapterIds: number[]) {
    if (chapterIds.length === 0) return [];
    return this.db
      .selectFrom('chapters')
      .select(['id', 'title', 'number'])
      .where('work_id', '=', workId)
      .where('id', 'in', chapterIds)
      .orderBy('sort_order', 'asc')
      .execute();
  }
}
