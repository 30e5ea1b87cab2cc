/** Reading history: one saved place per (user, work). Every statement is scoped by user id. */
import type { Database } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import { CARD_COLUMNS, totalAndVersion, type WorkCardRow } from './catalogue.repository.js';

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

/** A reader's place read beside other rows (a left join: all null without one). */
export interface PlaceColumns {
  place_chapter_id: number | null;
  place_chapter_title: string | null;
  place_chapter_number: string | null;
  place_chapter_sort: number | null;
  place_page_index: number | null;
  place_position: number | null;
  place_percent: number | null;
  place_time: number | null;
  place_synced_from: string | null;
}

/** The place in `workId` that `row` carries, as placesOf answers it; undefined without one. */
export function placeOfColumns(workId: number, row: PlaceColumns): PlaceRow | undefined {
  if (row.place_chapter_id === null) return undefined;
  return {
    work_id: workId,
    chapter_id: row.place_chapter_id,
    chapter_title: row.place_chapter_title ?? '',
    chapter_number: row.place_chapter_number ?? '',
    chapter_sort: row.place_chapter_sort ?? 0,
    page_index: row.place_page_index ?? 0,
    position: row.place_position ?? 0,
    percent: row.place_percent ?? 0,
    updated_time: row.place_time ?? 0,
    synced_from: row.place_synced_from ?? '',
  };
}

/** A history page's row: the total of the pages and the catalogue version ride on each. */
type HistoryPageRow = HistoryRow & { total: number | string; catalogue_version: number | string | null };

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

  /**
   * A page of the history of `type` (-1 both) with its total and the catalogue version, in one
   * statement: the total is counted over the same rows (a window), the version read in the same
   * snapshot, so the caller can take the cards' people kept at that version. A page past the end
   * has no row to carry the total: it is counted apart.
   */
  async list(
    userId: number,
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: HistoryRow[]; total: number; version: number }> {
    const { rows } = await (type >= 0
      ? this.pageOfType(userId, type, limit, offset)
      : this.pageOfAll(userId, limit, offset));
    const first = rows[0];
    if (first) return { rows, total: Number(first.total), version: Number(first.catalogue_version) };
    return { rows: [], total: offset > 0 ? await this.count(userId, type) : 0, version: 0 };
  }

  private base(userId: number) {
    return this.db
      .selectFrom('reading_history')
      .innerJoin('works', 'works.id', 'reading_history.work_id')
      .innerJoin('chapters', 'chapters.id', 'reading_history.chapter_id')
      .where('reading_history.user_id', '=', userId)
      .where('works.published', '=', 1);
  }

  private page(query: ReturnType<HistoryRepository['base']>, limit: number, offset: number) {
    return query
      .select([...CARD_COLUMNS, ...PLACE_COLUMNS])
      .select(totalAndVersion)
      .orderBy('reading_history.updated_time', 'desc')
      .orderBy('works.id', 'desc')
      .limit(limit)
      .offset(offset);
  }

  // The history's pages, built and compiled once (db/reusable-query.ts).
  private readonly pageOfType = reusableQuery<[number, number, number, number], HistoryPageRow>(
    () => this.db,
    4,
    (userId, type, limit, offset) =>
      this.page(this.base(userId).where('reading_history.type', '=', type), limit, offset),
  );

  private readonly pageOfAll = reusableQuery<[number, number, number], HistoryPageRow>(
    () => this.db,
    3,
    (userId, limit, offset) => this.page(this.base(userId), limit, offset),
  );

  private async count(userId: number, type: number): Promise<number> {
    let query = this.base(userId);
    if (type >= 0) query = query.where('reading_history.type', '=', type);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
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
