import { PAGING } from '@dm51/shared';

/** Spec §4 list load status: more (can load), loading, noMore. */
export type LoadStatus = 'more' | 'loading' | 'noMore';

/** One page as every list call answers it (protocol.md: `{ list, total }`). */
export interface PageOf<T> {
  list: T[];
  total: number;
}

/**
 * The page to request after `pages`, or undefined when there is no more. Spec §4: a page with
 * fewer items than pageSize means no more. A full last page whose running count already reaches
 * `total` also ends the list, which saves the empty request the bare rule would make.
 */
export function nextPageParam<T>(
  pages: readonly PageOf<T>[],
  pageSize: number = PAGING.pageSize,
): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return PAGING.firstPage;
  if (last.list.length < pageSize) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
  if (last.total > 0 && loaded >= last.total) return undefined;
  return PAGING.firstPage + pages.length;
}

export function loadStatusOf(state: { hasNextPage: boolean; isFetchingNextPage: boolean }): LoadStatus {
  if (state.isFetchingNextPage) return 'loading';
  return state.hasNextPage ? 'more' : 'noMore';
}

/**
 * All loaded items in order. Items can shift between pages while the user scrolls (a new work is
 * added at the top of "newest"), so the same item may arrive twice: keep its first appearance.
 */
export function flattenPages<T>(pages: readonly PageOf<T>[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  const out: T[] = [];
  for (const page of pages)
    for (const item of page.list) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  return out;
}

/** Scroll-to-bottom repeat guard (spec §9: 350 ms): at most one load request per window. */
export const BOTTOM_REPEAT_GUARD_MS = 350;

export function createBottomGuard(windowMs: number = BOTTOM_REPEAT_GUARD_MS): (now: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now - last < windowMs) return false;
    last = now;
    return true;
  };
}

/** Whether reaching the bottom should request the next page (spec §4: unless noMore or loading). */
export function shouldLoadMore(status: LoadStatus): boolean {
  return status === 'more';
}
