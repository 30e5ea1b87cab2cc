/**
 * What one reader has of one work, read in one statement together with the catalogue version
 * (migration 0023): a work's detail and its chapter list keep everything else per work under that
 * version (services/versioned-cache.ts), so a request costs this one round trip besides its
 * session. Every join is scoped by the user id: no one reads another's state.
 *
 * The statements start from the single catalogue_version row, so they always answer one row even
 * for a user or work without any state; each one-to-many join (categories, unlocks) repeats it.
 * One statement sees one snapshot: the version is never newer than the state read with it.
 */
import type { Database } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import { placeOfColumns, type PlaceColumns, type PlaceRow } from './history.repository.js';

export interface DetailState {
  version: number;
  /** The published work's counters (never kept: readers move them all the time); null: no such work. */
  counters: { views_total: number; favorites_total: number } | null;
  isFavorite: boolean;
  place: PlaceRow | undefined;
  /** The work's categories by their sort (read live: the version does not watch them). */
  categories: { id: number; name: string }[];
}

export interface ChapterAccessState {
  version: number;
  vip: { vip: number; viptime: number };
  unlocked: Set<number>;
}

interface DetailStateRow extends PlaceColumns {
  version: number | string;
  views_total: number | null;
  favorites_total: number | null;
  favorite_work_id: number | null;
  category_id: number | null;
  category_name: string | null;
}

interface ChapterAccessRow {
  version: number | string;
  vip: number | null;
  viptime: number | string | null;
  chapter_id: number | null;
}

export class ReaderStateRepository {
  constructor(private readonly db: Database) {}

  private readonly detailRows = reusableQuery<[number, number], DetailStateRow>(
    () => this.db,
    2,
    (userId, workId) =>
      this.db
        .selectFrom('catalogue_version as cv')
        .leftJoin('works as w', (join) => join.on('w.id', '=', workId).on('w.published', '=', 1))
        .leftJoin('favorites as f', (join) => join.on('f.user_id', '=', userId).on('f.work_id', '=', workId))
        .leftJoin('reading_history as rh', (join) =>
          join.on('rh.user_id', '=', userId).on('rh.work_id', '=', workId),
        )
        .leftJoin('chapters as pc', 'pc.id', 'rh.chapter_id')
        .leftJoin('work_categories as wc', (join) => join.on('wc.work_id', '=', workId))
        .leftJoin('categories as cat', 'cat.id', 'wc.category_id')
        .select([
          'cv.version',
          'w.views_total',
          'w.favorites_total',
          'f.work_id as favorite_work_id',
          'pc.id as place_chapter_id',
          'pc.title as place_chapter_title',
          'pc.number as place_chapter_number',
          'pc.sort_order as place_chapter_sort',
          'rh.page_index as place_page_index',
          'rh.position as place_position',
          'rh.percent as place_percent',
          'rh.updated_time as place_time',
          'rh.synced_from as place_synced_from',
          'cat.id as category_id',
          'cat.name as category_name',
        ])
        .where('cv.id', '=', 1)
        .orderBy('cat.sort')
        .orderBy('cat.id'),
  );

  private readonly accessRows = reusableQuery<[number, number], ChapterAccessRow>(
    () => this.db,
    2,
    (userId, workId) =>
      this.db
        .selectFrom('catalogue_version as cv')
        .leftJoin('users as u', (join) => join.on('u.id', '=', userId))
        .leftJoin('chapter_unlocks as cu', (join) =>
          join.on('cu.user_id', '=', userId).on('cu.work_id', '=', workId),
        )
        .select(['cv.version', 'u.vip', 'u.viptime', 'cu.chapter_id'])
        .where('cv.id', '=', 1),
  );

  /** For a work's detail: the version, its counters, the reader's favourite and place, its categories. */
  async detailState(userId: number, workId: number): Promise<DetailState> {
    const { rows } = await this.detailRows(userId, workId);
    const first = rows[0];
    if (!first) throw new Error('the catalogue_version row is missing');
    const place = placeOfColumns(workId, first);
    return {
      version: Number(first.version),
      counters:
        first.favorites_total === null || first.views_total === null
          ? null
          : { views_total: first.views_total, favorites_total: first.favorites_total },
      isFavorite: first.favorite_work_id !== null,
      place,
      categories: rows.flatMap((row) =>
        row.category_id === null ? [] : [{ id: row.category_id, name: row.category_name ?? '' }],
      ),
    };
  }

  /** For a work's chapter list: the version, the reader's VIP state and unlocked chapters of the work. */
  async chapterAccess(userId: number, workId: number): Promise<ChapterAccessState> {
    const { rows } = await this.accessRows(userId, workId);
    const first = rows[0];
    if (!first) throw new Error('the catalogue_version row is missing');
    const unlocked = new Set<number>();
    // Guests without an account (user 0) have no unlocks, as UnlockRepository.unlockedInWork says.
    if (userId > 0) for (const row of rows) if (row.chapter_id !== null) unlocked.add(row.chapter_id);
    return {
      version: Number(first.version),
      vip: { vip: first.vip ?? 0, viptime: Number(first.viptime ?? 0) },
      unlocked,
    };
  }
}
