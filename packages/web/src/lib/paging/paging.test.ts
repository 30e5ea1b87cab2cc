import { describe, expect, it } from 'vitest';
import { createBottomGuard, flattenPages, loadStatusOf, nextPageParam, shouldLoadMore } from './paging';

const page = (n: number, total = 100, from = 0) => ({
  list: Array.from({ length: n }, (_, i) => ({ id: from + i })),
  total,
});

describe('paging state machine', () => {
  it('starts at page 1', () => {
    expect(nextPageParam([])).toBe(1);
  });

  it('asks for the next page after a full page', () => {
    expect(nextPageParam([page(10)])).toBe(2);
    expect(nextPageParam([page(10), page(10, 100, 10)])).toBe(3);
  });

  it('stops after a page with fewer items than the page size', () => {
    expect(nextPageParam([page(10), page(3)])).toBeUndefined();
    expect(nextPageParam([page(0, 0)])).toBeUndefined();
  });

  it('stops when a full page reaches the total, saving an empty request', () => {
    expect(nextPageParam([page(10, 20), page(10, 20, 10)])).toBeUndefined();
    expect(nextPageParam([page(10, 20)])).toBe(2);
  });

  it('honours a custom page size', () => {
    expect(nextPageParam([page(20, 100)], 20)).toBe(2);
    expect(nextPageParam([page(10, 100)], 20)).toBeUndefined();
  });

  it('maps the query state to more / loading / noMore', () => {
    expect(loadStatusOf({ hasNextPage: true, isFetchingNextPage: false })).toBe('more');
    expect(loadStatusOf({ hasNextPage: true, isFetchingNextPage: true })).toBe('loading');
    expect(loadStatusOf({ hasNextPage: false, isFetchingNextPage: false })).toBe('noMore');
    expect(shouldLoadMore('more')).toBe(true);
    expect(shouldLoadMore('loading')).toBe(false);
    expect(shouldLoadMore('noMore')).toBe(false);
  });

  it('flattens pages in order and drops items that shifted into a later page', () => {
    const items = flattenPages([page(3, 10, 0), page(3, 10, 2)], (item) => item.id);
    expect(items.map((item) => item.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('guards against repeated bottom events within 350 ms', () => {
    const guard = createBottomGuard();
    expect(guard(1000)).toBe(true);
    expect(guard(1200)).toBe(false);
    expect(guard(1349)).toBe(false);
    expect(guard(1350)).toBe(true);
  });
});
