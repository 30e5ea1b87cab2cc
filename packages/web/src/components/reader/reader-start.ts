/**
 * Where a reader link opens (`&page=N`, a 0-based page index for comics; `&pos=N`, a character
 * offset for novels): 0 when absent or not a number. Free of React, so the launch's first script
 * (boot.ts) reads a link the same way the reader does.
 */
export function readerStart(params: URLSearchParams, startParam: 'page' | 'pos'): number {
  return Math.max(0, Math.floor(Number(params.get(startParam))) || 0);
}

/** The page a comic chapter opens at: the link's page, or the last page when the link is past it. */
export function openingPage<T>(pages: readonly T[], start: number): T | undefined {
  return pages[Math.min(start, pages.length - 1)];
}
