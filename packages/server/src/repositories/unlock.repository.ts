/** Chapter unlocks (bought chapters stay open for good) and per-work auto-unlock switches. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface UnlockCandidate {
  id: number;
  sort_order: number;
  title: string;
  number: string;
  pay: number;
  price_coins: number;
}

export class UnlockRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async isUnlocked(userId: number, chapterId: number): Promise<boolean> {
    if (userId <= 0) return false;
    const row = await this.db
      .selectFrom('chapter_unlocks')
      .select('chapter_id')
      .where('user_id', '=', userId)
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async unlockedInWork(userId: number, workId: number): Promise<Set<number>> {
    if (userId <= 0) return new Set();
    const rows = await this.db
      .selectFrom('chapter_unlocks')
      .select('chapter_id')
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .execute();
    return new Set(rows.map((row) => row.chapter_id));
  }

  /** Paid chapters (pay > 0) of the work from `sortOrder` on, in reading order. */
  async paidChaptersFrom(workId: number, sortOrder: number): Promise<UnlockCandidate[]> {
    return this.db
      .selectFrom('chapters')
      .select(['id', 'sort_order', 'title', 'number', 'pay', 'price_coins'])
      .where('work_id', '=', workId)
      .where('sort_order', '>=', sortOrder)
      .where('pay', '>', 0)
      .orderBy('sort_order')
      .execute();
  }

  async workPricing(workId: number) {
    return this.db
      .selectFrom('works')
      .select(['id', 'type', 'title', 'chapter_price'])
      .where('id', '=', workId)
      .executeTakeFirst();
  }

  async insertUnlocks(
    rows: {
      userId: number;
      chapterId: number;
      workId: number;
      coins: number;
      entryId: number;
      source: string;
      time: number;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('chapter_unlocks')
      .values(
        rows.map((row) => ({
          user_id: row.userId,
          chapter_id: row.chapterId,
          work_id: row.workId,
          coins: row.coins,
          entry_id: row.entryId,
          source: row.source,
          created_time: row.time,
        })),
      )
      .execute();
  }

  async autoEnabled(userId: number, workId: number): Promise<boolean> {
    if (userId <= 0) return false;
    const row = await this.db
      .selectFrom('auto_unlocks')
      .select('work_id')
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setAuto(userId: number, workId: number, enabled: boolean, time: number): Promise<void> {
    if (enabled)
      await this.db
        .insertInto('auto_unlocks')
        .values({ user_id: userId, work_id: workId, created_time: time })
        .onConflict((conflict) => conflict.columns(['user_id', 'work_id']).doNothing())
        .execute();
    else
      await this.db
        .deleteFrom('auto_unlocks')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .execute();
  }

  /**
   * Bought chapters of every kind, newest first. A chapter whose file left the library is not
   * listed (nor counted, so pages and total agree); its unlock row and ledger entry stay on record.
   */
  async purchases(userId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('chapter_unlocks')
        .innerJoin('chapters', 'chapters.id', 'chapter_unlocks.chapter_id')
        .innerJoin('works', 'works.id', 'chapter_unlocks.work_id')
        .select([
          'chapter_unlocks.chapter_id',
          'chapter_unlocks.work_id',
          'chapter_unlocks.coins',
          'chapter_unlocks.created_time',
          'chapters.title',
          'chapters.number',
          'chapters.sort_order',
          'works.title as work_title',
          'works.type',
        ])
        .where('chapter_unlocks.user_id', '=', userId)
        .orderBy('chapter_unlocks.created_time', 'desc')
        .orderBy('chapter_unlocks.chapter_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('chapter_unlocks')
        .innerJoin('chapters', 'chapters.id', 'chapter_unlocks.chapter_id')
        .innerJoin('works', 'works.id', 'chapter_unlocks.work_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('chapter_unlocks.user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  }
}
