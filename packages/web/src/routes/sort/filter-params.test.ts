import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('category filter in the URL', () => {
  it('reads every filter', () => {
    const params = new URLSearchParams('type=1&category=4&tag=9&status=2&pay=2&order=score');
    expect(filterFromParams(params)).toEqual({
      type: 1,
      category_id: 4,
      tag_id: 9,
      status: 2,
      pay: 2,
      order: 'score',
    });
  });

  it('falls back to "any" for missing or malformed values', () => {
    const params = new URLSearchParams('type=7&category=-1&status=x&order=drop');
    expect(filterFromParams(params)).toEqual({
      type: 0,
      category_id: 0,
      tag_id: 0,
      status: 0,
      pay: 0,
      order: 'new',
    });
    expect(filterFromParams(new URLSearchParams(''), { type: 1, order: 'hot' }).order).toBe('hot');
  });

  it("uses the page's defaults for missing parameters, not 0 (novelView without a query lists novels)", () => {
    expect(filterFromParams(new URLSearchParams(''), { type: 1, order: 'hot' }).type).toBe(1);
    expect(filterFromParams(new URLSearchParams('type='), { type: 1 }).type).toBe(1);
    expect(filterFromParams(new URLSearchParams('type=0'), { type: 1 }).type).toBe(0);
  });

  it('writes only what differs from the defaults and round-trips', () => {
    const filter = { type: 0, category_id: 3, tag_id: 0, status: 0, pay: 2, order: 'hot' as const };
    expect(filterToParams(filter)).toEqual({ type: '0', category: '3', pay: '2', order: 'hot' });
    expect(filterFromParams(new URLSearchParams(filterToParams(filter)))).toEqual(filter);
  });
});
