/**
 * The read side of recommendations: a reader's recent works (the seeds), the similar works summed
 * over them, the kind's popular works, and the operator's pins and exclusions (home_picks slots
 * 'for_you' and 'exclude'). Every list leaves out unpublished works, works of another kind, works
 * the operator excluded and works the reader marked "not interested" (reco_hidden); "for you"
 * also leaves out every work the reader has read (any chapter, so every finished one) or shelved.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

export const PIN_SLOT = 'for_you';
export const EXCLUDE_SLOT = 'exclude';

/** The expression builder of a query that has `works` in scope. */
type Eb = ExpressionBuilder<DB, 'works'>;

export class RecommendationRepository {
  constructor(private readonly db: Database) {}

  /** The reader's most recently read and most recently shelved works (up to `limit` of each). */
  async seedsOf(userId: number, limit: number): Promise<number[]> {
    const [read, shelved] = await Promise.all([
      this.db
        .selectFrom('reading_history')
        .select('work_id')
        .where('user_id', '=', userId)
        .orderBy('updated_time', 'desc')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('favorites')
        .select('work_id')
        .where('user_id', '=', userId)
        .orderBy('added_time', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return [...new Set([...read, ...shelved].map((row) => row.work_id))];
  }

  /** Published works of `type` the operator has not excluded. */
  private visible(eb: Eb, type: number) {
    return eb.and([
      eb('works.published', '=', 1),
      eb('works.type', '=', type),
      eb.not(
        eb.exists(
          eb
            .selectFrom('home_picks')
            .select('home_picks.id')
            .where('home_picks.slot', '=', EXCLUDE_SLOT)
            .whereRef('home_picks.work_id', '=', 'works.id'),
        ),
      ),
    ]);
  }

  /** Not marked "not interested" by `userId`. */
  private wanted(eb: Eb, userId: number) {
    return eb.not(
      eb.exists(
        eb
          .selectFrom('reco_hidden')
          .select('reco_hidden.work_id')
          .where('reco_hidden.user_id', '=', userId)
          .whereRef('reco_hidden.work_id', '=', 'works.id'),
      ),
    );
  }

  /** Not read (any chapter), not shelved and not hidden by `userId`. */
  private unseen(eb: Eb, userId: number) {
    return eb.and([
      this.wanted(eb, userId),
      eb.not(
        eb.exists(
          eb
            .selectFrom('reading_history')
            .select('reading_history.work_id')
            .where('reading_history.user_id', '=', userId)
            .whereRef('reading_history.work_id', '=', 'works.id'),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('favorites')
            .select('favorites.work_id')
            .where('favorites.user_id', '=', userId)
            .whereRef('favorites.work_id', '=', 'works.id'),
        ),
      ),
    ]);
  }

  /** Works similar to the seeds, by summed score, best first. */
  async similarToSeeds(userId: number, seeds: number[], type: number, limit: number): Promise<number[]> {
    if (seeds.length === 0 || limit <= 0) return [];
    const rows = await this.db
      .selectFrom('work_similar')
      .innerJoin('works', 'works.id', 'work_similar.other_work_id')
      .select(['works.id', sql<number>`sum(work_similar.score)`.as('total')])
      .where('work_similar.work_id', 'in', seeds)
      .where((eb) => eb.and([this.visible(eb, type), this.unseen(eb, userId)]))
      .groupBy('works.id')
      .orderBy(sql`sum(work_similar.score)`, 'desc')
      .orderBy('works.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * The kind's popular works the reader has not read, shelved or hidden: views of the last `days` days in
   * the ranking roll-up, then all-time views (so a quiet month still has an order), then id.
   */
  async popular(userId: number, type: number, sinceDay: number, limit: number): Promise<number[]> {
    if (limit <= 0) return [];
    const recent = this.db
      .selectFrom('work_stats_daily')
      .select(['work_id', sql<number>`sum(work_stats_daily.views)`.as('views')])
      .where('day', '>=', sinceDay)
      .groupBy('work_id')
      .as('s');
    const rows = await this.db
      .selectFrom('works')
      .leftJoin(recent, 's.work_id', 'works.id')
      .select('works.id')
      .where((eb) => eb.and([this.visible(eb, type), this.unseen(eb, userId)]))
      .orderBy(sql`coalesce(s.views, 0)`, 'desc')
      .orderBy('works.views_total', 'desc')
      .orderBy('works.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The operator's pinned works of `type`, in order, that the reader has not read, shelved or hidden. */
  async pinsFor(userId: number, type: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('home_picks')
      .innerJoin('works', 'works.id', 'home_picks.work_id')
      .select('works.id')
      .where('home_picks.slot', '=', PIN_SLOT)
      .where('home_picks.kind', '=', type)
      .where((eb) => eb.and([this.visible(eb, type), this.unseen(eb, userId)]))
      .orderBy('home_picks.position', 'asc')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Works most read or shelved by the readers of `workId` (same kind), best first, minus those
   * `userId` marked "not interested" (what the reader has read stays: the row is about the work).
   */
  async alsoRead(userId: number, workId: number, type: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('work_similar')
      .innerJoin('works', 'works.id', 'work_similar.other_work_id')
      .select('works.id')
      .where('work_similar.work_id', '=', workId)
      .where((eb) => eb.and([this.visible(eb, type), this.wanted(eb, userId)]))
      .orderBy('work_similar.score', 'desc')
      .orderBy('work_similar.together', 'desc')
      .orderBy('works.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
