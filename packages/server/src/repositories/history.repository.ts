/** Reading history: one saved place per (user, work). Every statement is scoped by user id. */
import type { Database } from '../db/database.js';
import { CARD_COLUMNS, type WorkCardRow } from './catalogue.repository.js';

export interface PlaceRow {
  work_id: number;
  chapter_id: number;
  chapter_title: string;
  chapter_number: string;
  chapter_sort: number;
  page_index: number;
  position: number;
  percent: number;
  updated_time: number;
  synced_from: string;
}

export type HistoryRow = WorkCardRow & PlaceRow;

export interface SavePlace {
  userId: number;
  workId: number;
  type: number;
  chapterId: number;
  pageIndex: number;
  position: number;
  percent: number;
  /** Unix seconds: the history order. */
  time: number;
  /**
   * When the place was reached, ms since the epoch: the save is kept only if the stored place is
   * not newer. Absent (a live KOReader push), the place replaces the stored one and takes `time`.
   */
  readAtMs?: number;
  /** The e-reader's name when KOReader's sync saved the place; '' (the default) from the app. */
  syncedFrom?: string;
}

const PLACE_COLUMNS = [
  'reading_history.work_id',
  'reading_history.chapter_id',
  'chapters.title as chapter_title',
  'chapters.number as chapter_number',
  'chapters.sort_order as chapter_sort',
  'reading_history.page_index',
  'reading_history.position',
  'reading_history.percent',
  'reading_history.updated_time',
  'reading_history.synced_from',
] as const;

export class HistoryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Saves the place unless the stored one was reached later (a place queued offline and sent
   * late loses to a newer one from another device); a place of the same moment replaces it.
   */
  async save(place: SavePlace): Promise<void> {
    const readAtMs = place.readAtMs ?? place.time * 1000;
    const checked = place.readAtMs !== undefined;
    const values = {
      chapter_id: place.chapterId,
      page_index: place.pageIndex,
      position: place.position,
      percent: place.percent,
      updated_time: place.time,
      synced_from: place.syncedFrom ?? '',
      read_at_ms: readAtMs,
    };
    await this.db
      .insertInto('reading_history')
      .values({ user_id: place.userId, work_id: place.workId, type: place.type, ...values })
      .onConflict((oc) => {
        const update = oc.columns(['user_id', 'work_id']).doUpdateSet(values);
        return checked ? update.where('reading_history.read_at_ms', '<=', readAtMs) : update;
      })
      .execute();
  }

  /** The saved places of a user among works (for details and the shelf). */
  async placesOf(userId: number, workIds: number[]): Promise<Map<number, PlaceRow>> {
    if (workIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('reading_history')
      .innerJoin('chapters', 'chapters.id', 'reading_history.chapter_id')
      .select(PLACE_COLUMNS)
      .where('reading_history.user_id', '=', userId)
      .where('reading_history.work_id', 'in', workIds)
      .execute();
    return new Map(rows.map((row) => [row.work_id, row]));
  }

  async list(
    userId: number,
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: HistoryRow[]; total: number }> {
    let base = this.db
      .selectFrom('reading_history')
      .innerJoin('works', 'works.id', 'reading_history.work_id')
      .innerJoin('chapters', 'chapters.id', 'reading_history.chapter_id')
      .where('reading_history.user_id', '=', userId)
      .where('works.published', '=', 1);
    if (type >= 0) base = base.where('reading_history.type', '=', type);
    const [rows, count] = await Promise.all([
      base
        .select([...CARD_COLUMNS, ...PLACE_COLUMNS])
        .orderBy('reading_history.updated_time', 'desc')
        .orderBy('works.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async remove(userId: number, workIds: number[] | 'all'): Promise<number> {
    let query = this.db.deleteFrom('reading_history').where('user_id', '=', userId);
    if (workIds !== 'all') {
      if (workIds.length === 0) return 0;
      query = query.where('work_id', 'in', workIds);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
