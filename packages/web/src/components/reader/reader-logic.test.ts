import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterPercent, pageAt, pageHeight, pageTops, pageWindow, pagedPercent } from './page-window';
import { createProgressSaver } from './progress-saver';
import { resolveMode, tapAction } from './tap-zones';

const pages = (n: number, width = 800, height = 1200) => Array.from({ length: n }, () => ({ width, height }));

describe('page layout', () => {
  it('reserves each page its height at the column width', () => {
    expect(pageHeight({ width: 800, height: 1200 }, 375)).toBe(563);
    expect(pageHeight({ width: 690, height: 20000 }, 375)).toBe(10870);
    expect(pageHeight({ width: 0, height: 0 }, 375)).toBe(533);
  });

  it('stacks tops and finds the page under a point', () => {
    const tops = pageTops(pages(3), 400);
    expect(tops).toEqual([0, 600, 1200, 1800]);
    expect(pageAt(tops, 0)).toBe(0);
    expect(pageAt(tops, 599)).toBe(0);
    expect(pageAt(tops, 600)).toBe(1);
    expect(pageAt(tops, 99_999)).toBe(2);
    expect(pageAt(tops, -5)).toBe(0);
  });
});

describe('page window', () => {
  const tops = pageTops(pages(300), 400); // 600 px per page

  it('loads the visible pages within 50 px and preloads the next three', () => {
    const w = pageWindow(tops, 0, 800);
    expect([w.first, w.last]).toEqual([0, 1]);
    expect(w.preload).toEqual([2, 3, 4]);
    expect(w.preloadNextChapter).toBe(false);
    expect(w.current).toBe(0);
  });

  it('includes a page that is within the 50 px threshold but not yet on screen', () => {
    expect(pageWindow(tops, 0, 560).last).toBe(1);
    expect(pageWindow(tops, 0, 540).last).toBe(0);
    expect(pageWindow(tops, 660, 800).first).toBe(1);
    expect(pageWindow(tops, 640, 800).first).toBe(0);
  });

  it('stays a handful of pages wide anywhere in a 300-page chapter', () => {
    for (let y = 0; y < tops[300]!; y += 7_919) {
      const w = pageWindow(tops, y, 812);
      expect(w.last - w.first + 1 + w.preload.length).toBeLessThanOrEqual(6);
    }
  });

  it("warms the next chapter's first pages near the end", () => {
    const end = tops[300]! - 800;
    const w = pageWindow(tops, end, 800);
    expect(w.last).toBe(299);
    expect(w.preload).toEqual([]);
    expect(w.preloadNextChapter).toBe(true);
    expect(pageWindow(tops, tops[296]!, 800).preloadNextChapter).toBe(true);
    expect(pageWindow(tops, tops[290]!, 800).preloadNextChapter).toBe(false);
  });

  it('tracks the current page by the top third of the screen', () => {
    expect(pageWindow(tops, 400, 900).current).toBe(1);
    expect(pageWindow(tops, 200, 900).current).toBe(0);
  });

  it('computes the chapter percent', () => {
    expect(chapterPercent(tops, 0, 800)).toBe(0);
    expect(chapterPercent(tops, tops[150]! - 800, 800)).toBe(50);
    expect(chapterPercent(tops, tops[300]! - 800, 800)).toBe(100);
    expect(chapterPercent(pageTops(pages(1), 400), 0, 800)).toBe(100);
    expect(pagedPercent(0, 4)).toBe(25);
    expect(pagedPercent(3, 4)).toBe(100);
  });
});

describe('tap zones and modes', () => {
  it('toggles the bars anywhere in scroll mode', () => {
    expect(tapAction(10, 375, 'scroll')).toBe('toggle');
    expect(tapAction(370, 375, 'scroll')).toBe('toggle');
  });

  it('turns pages on the sides, mirrored for right-to-left', () => {
    expect(tapAction(20, 375, 'ltr')).toBe('prev');
    expect(tapAction(360, 375, 'ltr')).toBe('next');
    expect(tapAction(20, 375, 'rtl')).toBe('next');
    expect(tapAction(360, 375, 'rtl')).toBe('prev');
    expect(tapAction(187, 375, 'rtl')).toBe('toggle');
  });

  it('defaults paged reading to right-to-left for rtl works', () => {
    expect(resolveMode('scroll', 'auto', 1)).toBe('scroll');
    expect(resolveMode('paged', 'auto', 1)).toBe('rtl');
    expect(resolveMode('paged', 'auto', 0)).toBe('ltr');
    expect(resolveMode('paged', 'ltr', 1)).toBe('ltr');
  });
});

describe('progress saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after the reader rests for 500 ms', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    for (let page = 0; page < 10; page++) {
      saver.update({ page });
      vi.advanceTimersByTime(100);
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith({ page: 9 });
  });

  it('saves at once on leave, and never the same place twice', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.update({ page: 3 });
    saver.flush();
    expect(save).toHaveBeenCalledWith({ page: 3 });
    saver.update({ page: 3 });
    vi.advanceTimersByTime(600);
    saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('drops unsaved progress on cancel', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.update({ page: 1 });
    saver.cancel();
    vi.advanceTimersByTime(1000);
    saver.flush();
    expect(save).not.toHaveBeenCalled();
  });
});
