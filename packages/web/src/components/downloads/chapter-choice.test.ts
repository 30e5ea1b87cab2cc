import { describe, expect, it } from 'vitest';
import { chooseChapters, downloadRequests, type ChoosableChapter } from './chapter-choice';

/** Ten chapters; 4 is a coin chapter not bought, 7 a VIP chapter this reader may open. */
const chapters: ChoosableChapter[] = Array.from({ length: 10 }, (_, index) => ({
  id: 100 + index,
  name: `Chapter ${index + 1}`,
  locked: index === 3 ? 1 : 0,
  pay: index === 3 ? 1 : index === 6 ? 2 : 0,
}));
const ids = (list: readonly ChoosableChapter[]) => list.map((chapter) => chapter.id);

describe('chooseChapters', () => {
  it('takes this chapter only when it can be downloaded', () => {
    expect(ids(chooseChapters(chapters, { kind: 'this' }, 102))).toEqual([102]);
    expect(chooseChapters(chapters, { kind: 'this' }, 103)).toEqual([]);
    expect(chooseChapters(chapters, { kind: 'this' }, 999)).toEqual([]);
  });

  it('counts the next N from the current chapter, skipping locked ones', () => {
    expect(ids(chooseChapters(chapters, { kind: 'next', count: 5 }, 101))).toEqual([101, 102, 104, 105, 106]);
    // Near the end there are fewer than N left.
    expect(ids(chooseChapters(chapters, { kind: 'next', count: 5 }, 108))).toEqual([108, 109]);
    // A current chapter not in the list (none read yet) starts at the first.
    expect(ids(chooseChapters(chapters, { kind: 'next', count: 2 }, 0))).toEqual([100, 101]);
  });

  it('takes a range either way round, without its locked chapters', () => {
    expect(ids(chooseChapters(chapters, { kind: 'range', fromId: 102, toId: 105 }, 0))).toEqual([
      102, 104, 105,
    ]);
    expect(ids(chooseChapters(chapters, { kind: 'range', fromId: 105, toId: 102 }, 0))).toEqual([
      102, 104, 105,
    ]);
    expect(chooseChapters(chapters, { kind: 'range', fromId: 102, toId: 999 }, 0)).toEqual([]);
  });

  it('takes every unlocked chapter for "all"', () => {
    expect(ids(chooseChapters(chapters, { kind: 'all' }, 0))).toEqual([
      100, 101, 102, 104, 105, 106, 107, 108, 109,
    ]);
  });

  it('leaves out episodes that are not packaged yet', () => {
    const episodes = [
      { id: 1, name: 'Ep 1', locked: 0, pay: 0, status: 'ready' },
      { id: 2, name: 'Ep 2', locked: 0, pay: 0, status: 'processing' },
      { id: 3, name: 'Ep 3', locked: 0, pay: 0, status: 'ready' },
    ];
    expect(ids(chooseChapters(episodes, { kind: 'all' }, 0))).toEqual([1, 3]);
  });
});

describe('downloadRequests', () => {
  const work = { kind: 'comic' as const, workId: 7, workName: 'Work', cover: '/media/c.jpg' };

  it('orders by the place in the whole list and marks VIP-only chapters', () => {
    const chosen = chooseChapters(chapters, { kind: 'range', fromId: 105, toId: 106 }, 0);
    expect(downloadRequests(chosen, chapters, work, '720p')).toEqual([
      { ...work, chapterId: 105, chapterName: 'Chapter 6', order: 5, vipOnly: false, quality: '' },
      { ...work, chapterId: 106, chapterName: 'Chapter 7', order: 6, vipOnly: true, quality: '' },
    ]);
  });

  it('keeps the quality for episodes only', () => {
    const [request] = downloadRequests([chapters[0]!], chapters, { ...work, kind: 'anime' }, '720p');
    expect(request?.quality).toBe('720p');
  });
});
