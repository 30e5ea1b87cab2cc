/**
 * The write side of recommendations (migration 0034): who read or shelved what, counted in SQL, and
 * each work's list of similar works replaced in one transaction, and the last finished run (a
 * setting, so every instance and the console read the same). Only the builder job calls it.
 *
 * A reader's "interactions" are the works in their reading history or on their shelf, their most
 * recent `perReaderCap` only: a reader with thousands of works would otherwise cost the square of
 * that in pairs and say little about any one of them.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import { SettingsRepository } from './settings.repository.js';

/** The settings key of the last finished run (any instance's), read by the console. */
const LAST_RUN_SETTING = 'recommendations.last_run';

export interface StoredRun {
  works: number;
  pairs: number;
  dropped: number;
  finishedTime: number;
  tookMs: number;
}

export interface PairCount {
  workId: number;
  otherWorkId: number;
  together: number;
}

export interface SimilarRow {
  work_id: number;
  other_work_id: number;
  score: number;
  together: number;
}

export class RecommendationBuildRepository {
  constructor(private readonly db: Database) {}

  /** The capped (reader, work) pairs as a CTE named `capped`; plain SQL both databases run. */
  private capped(perReaderCap: number): RawBuilder<unknown> {
    return sql`with ev as (
        select user_id, work_id, updated_time as t from reading_history
        union all
        select user_id, work_id, added_time as t from favorites
      ),
      ia as (select user_id, work_id, max(t) as t from ev group by user_id, work_id),
      ranked as (
        select user_id, work_id,
          row_number() over (partition by user_id order by t desc, work_id asc) as rn
        from ia
      ),
      capped as (select user_id, work_id from ranked where rn <= ${perReaderCap})`;
  }

  /** Readers per work (after the cap), for every work anybody read or shelved. */
  async readerCounts(perReaderCap: number): Promise<Map<number, number>> {
    const result = await sql<{ work_id: number; n: number | string }>`${this.capped(perReaderCap)}
      select work_id, count(*) as n from capped group by work_id`.execute(this.db);
    return new Map(result.rows.map((row) => [Number(row.work_id), Number(row.n)]));
  }

  /** Pairs (anchor, other) read by at least `minSupport` same readers, for anchors in [fromId, toId]. */
  async pairCounts(
    perReaderCap: number,
    fromId: number,
    toId: number,
    minSupport: number,
  ): Promise<PairCount[]> {
    const result = await sql<{
      work_id: number;
      other_work_id: number;
      together: number | string;
    }>`${this.capped(perReaderCap)}
      select a.work_id as work_id, b.work_id as other_work_id, count(*) as together
      from capped a join capped b on b.user_id = a.user_id and b.work_id <> a.work_id
      where a.work_id >= ${fromId} and a.work_id <= ${toId}
      group by a.work_id, b.work_id
      having count(*) >= ${minSupport}`.execute(this.db);
    return result.rows.map((row) => ({
      workId: Number(row.work_id),
      otherWorkId: Number(row.other_work_id),
      together: Number(row.together),
    }));
  }

  /** Replaces the lists of `anchorIds` with `rows` in one transaction (readers see old or new, never half). */
  async replace(anchorIds: number[], rows: SimilarRow[], now: number): Promise<void> {
    if (anchorIds.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('work_similar').where('work_id', 'in', anchorIds).execute();
      // Chunks keep a statement's bound parameters well under both databases' limits.
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('work_similar')
          .values(rows.slice(i, i + 500).map((row) => ({ ...row, computed_time: now })))
          .execute();
      }
    });
  }

  /**
   * Drops the lists the run that started at `runStart` did not rewrite: works nobody reads or
   * shelves any more (every work the run covered was rewritten with a later time).
   */
  async dropOlderThan(runStart: number): Promise<number> {
    const result = await this.db
      .deleteFrom('work_similar')
      .where('computed_time', '<', runStart)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async saveLastRun(run: StoredRun, now: number): Promise<void> {
    await new SettingsRepository(this.db).set(LAST_RUN_SETTING, JSON.stringify(run), now);
  }

  async lastRun(): Promise<StoredRun | null> {
    const raw = (await new SettingsRepository(this.db).getMany([LAST_RUN_SETTING])).get(LAST_RUN_SETTING);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<StoredRun>;
      return {
        works: Number(value.works ?? 0),
        pairs: Number(value.pairs ?? 0),
        dropped: Number(value.dropped ?? 0),
        finishedTime: Number(value.finishedTime ?? 0),
        tookMs: Number(value.tookMs ?? 0),
      };
    } catch {
      return null;
    }
  }
}
