import type { ChapterItem, ReadTarget } from '@dm51/shared';

export type ChapterOrder = 'asc' | 'desc';

/** The list in the chosen order; the cached copy stays in reading order. */
export function orderChapters(chapters: readonly ChapterItem[], order: ChapterOrder): ChapterItem[] {
  const sorted = [...chapters].sort((a, b) => a.sort - b.sort);
  return order === 'desc' ? sorted.reverse() : sorted;
}

/**
 * How many of the items are chapters: a book's front and back matter (cover, contents, licence)
 * is listed in its place but is not a chapter.
 */
export function chapterCount(chapters: readonly ChapterItem[]): number {
  return chapters.filter((chapter) => !chapter.matter).length;
}

/** How many chapters the detail page shows before "show all": enough for most works at a glance. */
export const COLLAPSED_CHAPTERS = 24;

/**
 * The chapters shown while collapsed: the first ones in the chosen order, but always including the
 * one the reader is on, so "where was I" is visible without expanding.
 */
export function visibleChapters(
  ordered: readonly ChapterItem[],
  expanded: boolean,
  currentId: number | null,
  limit: number = COLLAPSED_CHAPTERS,
): ChapterItem[] {
  if (expanded || ordered.length <= limit) return [...ordered];
  const head = ordered.slice(0, limit);
  if (currentId === null || head.some((chapter) => chapter.id === currentId)) return head;
  const current = ordered.find((chapter) => chapter.id === currentId);
  return current ? [...head.slice(0, limit - 1), current] : head;
}

/** Where "start / continue reading" goes: the saved place, else the first chapter. */
export function readingStart(
  read: ReadTarget | null,
  firstChapterId: number,
): { chapterId: number; resume: boolean } | null {
  if (read && read.chapter_id > 0) return { chapterId: read.chapter_id, resume: true };
  if (firstChapterId > 0) return { chapterId: firstChapterId, resume: false };
  return null;
}

/** Neighbours of a chapter in reading order (0 when none), for the readers' prev/next. */
export function neighbours(
  chapters: readonly ChapterItem[],
  chapterId: number,
): { prev: number; next: number } {
  const sorted = [...chapters].sort((a, b) => a.sort - b.sort);
  const i = sorted.findIndex((chapter) => chapter.id === chapterId);
  if (i < 0) return { prev: 0, next: 0 };
  return { prev: sorted[i - 1]?.id ?? 0, next: sorted[i + 1]?.id ?? 0 };
}
