import type { ChapterItem } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import { chapterCount, neighbours, orderChapters, readingStart, visibleChapters } from './chapter-order';

const chapter = (sort: number): ChapterItem => ({
  id: 100 + sort,
  sort,
  name: `第${sort + 1}话`,
  number: String(sort + 1),
  volume: '',
  pay: 0,
  price_coins: 0,
  locked: 0,
  unlocked: 0,
  page_count: 10,
  word_count: 0,
  updated_time: 0,
  matter: '',
});
const chapters = [3, 0, 2, 1].map(chapter);

describe('chapter list', () => {
  it('orders ascending and descending without touching the cached list', () => {
    expect(orderChapters(chapters, 'asc').map((c) => c.sort)).toEqual([0, 1, 2, 3]);
    expect(orderChapters(chapters, 'desc').map((c) => c.sort)).toEqual([3, 2, 1, 0]);
    expect(chapters.map((c) => c.sort)).toEqual([3, 0, 2, 1]);
  });

  it('collapses long lists but keeps the current chapter visible', () => {
    const many = Array.from({ length: 50 }, (_, i) => chapter(i));
    expect(visibleChapters(many, false, null, 10)).toHaveLength(10);
    const withCurrent = visibleChapters(many, false, 140, 10);
    expect(withCurrent).toHaveLength(10);
    expect(withCurrent.at(-1)?.id).toBe(140);
    expect(visibleChapters(many, true, null, 10)).toHaveLength(50);
  });

  it('starts at the saved place, else the first chapter', () => {
    const read = {
      chapter_id: 102,
      chapter_name: '',
      chapter_sort: 2,
      page_index: 7,
      position: 0,
      percent: 40,
      readtime: 1,
      synced_from: '',
    };
    expect(readingStart(read, 100)).toEqual({ chapterId: 102, resume: true });
    expect(readingStart(null, 100)).toEqual({ chapterId: 100, resume: false });
    expect(readingStart(null, 0)).toBeNull();
  });

  it('finds the previous and next chapter in reading order', () => {
    expect(neighbours(chapters, 101)).toEqual({ prev: 100, next: 102 });
    expect(neighbours(chapters, 100)).toEqual({ prev: 0, next: 101 });
    expect(neighbours(chapters, 103)).toEqual({ prev: 102, next: 0 });
    expect(neighbours(chapters, 999)).toEqual({ prev: 0, next: 0 });
  });
});

describe('chapterCount', () => {
  it('counts chapters, not the front and back matter listed with them', () => {
    const items: ChapterItem[] = [
      { ...chapter(0), name: 'Cover', number: '', matter: 'front' },
      { ...chapter(1), name: 'Contents', number: '', matter: 'front' },
      chapter(2),
      chapter(3),
      { ...chapter(4), name: 'Licence', number: '', matter: 'back' },
    ];
    expect(chapterCount(items)).toBe(2);
    // Matter stays in its reading place: before chapter 1, and after the last chapter.
    expect(orderChapters(items, 'asc').map((c) => c.name)).toEqual([
      'Cover',
      'Contents',
      '第3话',
      '第4话',
      'Licence',
    ]);
  });
});
