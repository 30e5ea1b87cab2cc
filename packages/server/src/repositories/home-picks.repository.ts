/**
 * The operator's home choices (console → Catalogue → Home): banner works with an optional picture
 * of their own, and pinned recommended works, per kind and in order (migration 0021).
 */
import type { Database } from '../db/database.js';

export type HomeSlot = 'banner' | 'reco';

export interface HomePick {
  workId: number;
  /** The banner's own picture; '' uses the work's cover. */
  imageKey: string;
}

export interface HomePicks {
  banners: HomePick[];
  reco: number[];
}

export class HomePicksRepository {
  constructor(private readonly db: Database) {}

  async picks(kind: number, db: Database = this.db): Promise<HomePicks> {
    const rows = await db
      .selectFrom('home_picks')
      .select(['slot', 'work_id', 'image_key'])
      .where('kind', '=', kind)
      .orderBy('slot')
      .orderBy('position')
      .execute();
    return {
      banners: rows
        .filter((r) => r.slot === 'banner')
        .map((r) => ({ workId: r.work_id, imageKey: r.image_key })),
      reco: rows.filter((r) => r.slot === 'reco').map((r) => r.work_id),
    };
  }

  /** Replaces the kind's choices (in the caller's transaction). */
  async replace(trx: Database, kind: number, picks: HomePicks, now: number): Promise<void> {
    await trx.deleteFrom('home_picks').where('kind', '=', kind).execute();
    const rows = [
      ...picks.banners.map((b, position) => ({
        kind,
        slot: 'banner',
        work_id: b.workId,
        image_key: b.imageKey,
        position,
        created_time: now,
      })),
      ...picks.reco.map((workId, position) => ({
        kind,
        slot: 'reco',
        work_id: workId,
        image_key: '',
        position,
        created_time: now,
      })),
    ];
    if (rows.length) await trx.insertInto('home_picks').values(rows).execute();
  }
}
