/**
 * The operator's home choices (console → Catalogue → Home): banner works with an optional picture
 * of their own, and pinned recommended works, per kind and in order (migration 0021); and for the
 * "for you" recommendations, works pinned to its top ('for_you') and works never recommended
 * ('exclude'), read by RecommendationRepository.
 */
import type { Database } from '../db/database.js';

export type HomeSlot = 'banner' | 'reco' | 'for_you' | 'exclude';

export interface HomePick {
  workId: number;
  /** The banner's own picture; '' uses the work's cover. */
  imageKey: string;
}

export interface HomePicks {
  banners: HomePick[];
  reco: number[];
  /** Pinned to the top of "for you", in order; absent on a save: left as they are. */
  forYou?: number[];
  /** Never recommended ("for you", "readers of this also read"); absent on a save: left as they are. */
  excluded?: number[];
}

export class HomePicksRepository {
  constructor(private readonly db: Database) {}

  async picks(kind: number, db: Database = this.db): Promise<HomePicks> {
    const rows = await db
      .selectFrom('home_picks')
      .select(['slot', 'work_id', 'image_key'])
      .where('kind', '=', kind)
      .where('slot', 'in', ['banner', 'reco'])
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

  /** The kind's "for you" pins (in order) and excluded works. */
  async recommendationPicks(
    kind: number,
    db: Database = this.db,
  ): Promise<{ forYou: number[]; excluded: number[] }> {
    const rows = await db
      .selectFrom('home_picks')
      .select(['slot', 'work_id'])
      .where('kind', '=', kind)
      .where('slot', 'in', ['for_you', 'exclude'])
      .orderBy('position')
      .execute();
    return {
      forYou: rows.filter((r) => r.slot === 'for_you').map((r) => r.work_id),
      excluded: rows.filter((r) => r.slot === 'exclude').map((r) => r.work_id),
    };
  }

  /**
   * Replaces the kind's choices (in the caller's transaction). The recommendation lists are only
   * replaced when given, so an editor that knows only banners and reco leaves them alone.
   */
  async replace(trx: Database, kind: number, picks: HomePicks, now: number): Promise<void> {
    const slots: HomeSlot[] = ['banner', 'reco'];
    if (picks.forYou) slots.push('for_you');
    if (picks.excluded) slots.push('exclude');
    await trx.deleteFrom('home_picks').where('kind', '=', kind).where('slot', 'in', slots).execute();
    const listed = (slot: HomeSlot, ids: number[] = []) =>
      ids.map((workId, position) => ({
        kind,
        slot,
        work_id: workId,
        image_key: '',
        position,
        created_time: now,
      }));
    const rows = [
      ...picks.banners.map((b, position) => ({
        kind,
        slot: 'banner',
        work_id: b.workId,
        image_key: b.imageKey,
        position,
        created_time: now,
      })),
      ...listed('reco', picks.reco),
      ...listed('for_you', picks.forYou),
      ...listed('exclude', picks.excluded),
    ];
    if (rows.length) await trx.insertInto('home_picks').values(rows).execute();
  }
}
