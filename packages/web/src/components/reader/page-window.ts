import { LAZY_LOAD_THRESHOLD_PX } from '@dm51/shared';

/** Pages ahead of the last visible one whose images are fetched before they scroll in. */
export const PRELOAD_AHEAD = 3;
/** First pages of the next chapter fetched as the end of this one comes into view. */
export const NEXT_CHAPTER_PRELOAD = 2;
/** Height/width used when a page has no known size: a typical manga page, so the guess is close. */
const FALLBACK_RATIO = 1.42;

export interface PageSize {
  width: number;
  height: number;
}

/** The height a page takes at `width`, from its pixel size: reserved before the image loads. */
export function pageHeight(page: PageSize, width: number): number {
  const ratio = page.width > 0 && page.height > 0 ? page.height / page.width : FALLBACK_RATIO;
  return Math.max(1, Math.round(width * ratio));
}

/** Top offset of every page in a continuous column (plus the total height as the last entry). */
export function pageTops(pages: readonly PageSize[], width: number, gap = 0): number[] {
  const tops = [0];
  for (const page of pages) tops.push(tops[tops.length - 1]! + pageHeight(page, width) + gap);
  return tops;
}

/** Index of the page containing `y` (clamped), by binary search over `tops`. */
export function pageAt(tops: readonly number[], y: number): number {
  const count = tops.length - 1;
  if (count <= 0) return 0;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface PageWindow {
  /** Pages within the viewport grown by the lazy-load threshold: their images load now. */
  first: number;
  last: number;
  /** Pages after `last` to fetch ahead. */
  preload: number[];
  /** Whether to warm the next chapter's first pages. */
  preloadNextChapter: boolean;
  /** The page the reader is on: the one under the top third of the screen. */
  current: number;
}

/**
 * What to load for a scroll position (spec §9 lazy-load threshold 50 px): the visible pages, the
 * next few after them, and the next chapter's start once the last pages are in reach.
 */
export function pageWindow(
  tops: readonly number[],
  scrollTop: number,
  viewportHeight: number,
  threshold: number = LAZY_LOAD_THRESHOLD_PX,
  ahead: number = PRELOAD_AHEAD,
): PageWindow {
  const count = tops.length - 1;
  if (count <= 0) return { first: 0, last: -1, preload: [], preloadNextChapter: true, current: 0 };
  const first = pageAt(tops, Math.max(0, scrollTop - threshold));
  // A page starting exactly at the lower edge is not visible yet.
  const last = pageAt(tops, Math.max(0, scrollTop + viewportHeight + threshold - 1));
  const preload: number[] = [];
  for (let i = last + 1; i <= Math.min(count - 1, last + ahead); i++) preload.push(i);
  return {
    first,
    last,
    preload,
    preloadNextChapter: last + ahead >= count - 1,
    current: pageAt(tops, scrollTop + viewportHeight / 3),
  };
}

/** Percent of the chapter read at this scroll position (0–100); the last screen counts as 100. */
export function chapterPercent(tops: readonly number[], scrollTop: number, viewportHeight: number): number {
  const total = tops[tops.length - 1] ?? 0;
  if (total <= viewportHeight) return 100;
  const fraction = (scrollTop + viewportHeight) / total;
  return Math.max(0, Math.min(100, Math.round(fraction * 100)));
}

/** Percent for the paged mode: page n of N. */
export function pagedPercent(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round(((index + 1) / count) * 100)));
}
