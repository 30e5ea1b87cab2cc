import { describe, expect, it } from 'vitest';
import { openingPage, readerStart } from './reader-start';

describe('readerStart', () => {
  it("reads the link's page, 0 when it is absent, negative or not a number", () => {
    expect(readerStart(new URLSearchParams('column=1&chapter=2&page=7'), 'page')).toBe(7);
    expect(readerStart(new URLSearchParams('column=1&chapter=2'), 'page')).toBe(0);
    expect(readerStart(new URLSearchParams('page=-3'), 'page')).toBe(0);
    expect(readerStart(new URLSearchParams('page=abc'), 'page')).toBe(0);
    expect(readerStart(new URLSearchParams('page=4.9'), 'page')).toBe(4);
    expect(readerStart(new URLSearchParams('pos=120'), 'pos')).toBe(120);
  });
});

describe('openingPage', () => {
  it('is the page the link names, the last page past the end, nothing for an empty chapter', () => {
    const pages = ['p0', 'p1', 'p2'];
    expect(openingPage(pages, 0)).toBe('p0');
    expect(openingPage(pages, 2)).toBe('p2');
    expect(openingPage(pages, 9)).toBe('p2');
    expect(openingPage([], 0)).toBeUndefined();
  });
});
