/** Chapter rows → chapter list items, reader headers and saved reading places. */
import type { ChapterItem, ComicPage, ReadTarget, ReaderChapter } from '@dm51/shared';
import { mediaUrlPath } from '../media/media-key.js';
import type { ChapterWithWork } from '../repositories/catalogue.repository.js';

/** The title, else the parsed number, else the 1-based position: a chapter always has a name. */
export function chapterName(row: { title: string; number: string; sort_order: number }): string {
  return row.title || row.number || String(row.sort_order + 1);
}

export function presentChapterItem(
  row: {
    id: number;
    sort_order: number;
    title: string;
    number: string;
    volume: string;
    pay: number;
    price_coins: number;
    page_count: number;
    word_count: number;
    updated_time: number;
    /** '' a chapter, 'front' / 'back' matter; episodes have none. */
    matter?: string;
  },
  locked: boolean,
  unlocked = false,
): ChapterItem {
  return {
    id: row.id,
    sort: row.sort_order,
    name: chapterName(row),
    number: row.number,
    volume: row.volume,
    pay: row.pay,
    price_coins: row.price_coins,
    locked: locked ? 1 : 0,
    unlocked: unlocked ? 1 : 0,
    page_count: row.page_count,
    word_count: row.word_count,
    updated_time: Number(row.updated_time),
    matter: row.matter === 'front' || row.matter === 'back' ? row.matter : '',
  };
}

export function presentReaderChapter(
  chapter: ChapterWithWork,
  neighbours: { prevId: number; nextId: number; nextLocked: boolean },
): ReaderChapter {
  return {
    id: chapter.id,
    work_id: chapter.work_id,
    work_name: chapter.work_title,
    name: chapterName(chapter),
    sort: chapter.sort_order,
    pay: chapter.pay,
    chapter_count: chapter.chapter_count,
    prev_chapter_id: neighbours.prevId,
    next_chapter_id: neighbours.nextId,
    next_locked: neighbours.nextLocked ? 1 : 0,
  };
}

export function presentPages(rows: { media_key: string; width: number; height: number }[]): ComicPage[] {
  return rows.map((row) => ({ url: mediaUrlPath(row.media_key), width: row.width, height: row.height }));
}

/** A history row joined with its chapter → where "continue" opens. */
export function presentReadTarget(row: {
  chapter_id: number;
  chapter_title: string;
  chapter_number: string;
  chapter_sort: number;
  page_index: number;
  position: number;
  percent: number;
  updated_time: number;
  synced_from: string;
}): ReadTarget {
  return {
    chapter_id: row.chapter_id,
    chapter_name: chapterName({
      title: row.chapter_title,
      number: row.chapter_number,
      sort_order: row.chapter_sort,
    }),
    chapter_sort: row.chapter_sort,
    page_index: row.page_index,
    position: row.position,
    percent: row.percent,
    readtime: Number(row.updated_time),
    synced_from: row.synced_from,
  };
}

/** Novel HTML names its images by media key (`src="ab/cd/…"`); clients need URL paths. */
export function presentNovelHtml(html: string): string {
  return html.replace(
    /(<img\b[^>]*?\bsrc=")(?!\/|https?:|data:)([^"]+)"/gi,
    (_m, head: string, key: string) => `${head}${mediaUrlPath(key)}"`,
  );
}
