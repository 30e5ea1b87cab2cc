import { describe, expect, it } from 'vitest';
import { headingNumber, volumeNumber } from './novel-preparer.js';
import { parseNfo } from './nfo.js';
import { categoriesFor, compareChapters } from './work-metadata.js';
import { cleanSeriesName, countWords, folderMarksFinished, parseNotes, workKeyFor } from './work-naming.js';
import { comicMeta } from './comic-preparer.js';

describe('series names and status markers', () => {
  it.each([
    ['One Piece [完结]', 'One Piece', true],
    ['【完結】 鋼の錬金術師', '鋼の錬金術師', true],
    ['Bone (Complete)', 'Bone', true],
    ['Saga [Completed]', 'Saga', true],
    ['海贼王 - 完结', '海贼王', true],
    ['Berserk [Ongoing]', 'Berserk', false],
    ['进击的巨人 [连载中]', '进击的巨人', false],
    ['Blame_Master_Edition', 'Blame Master Edition', false],
    ['The End of Evangelion', 'The End of Evangelion', false],
  ])('%s → %s (finished: %s)', (folder, name, finished) => {
    expect(cleanSeriesName(folder)).toBe(name);
    expect(folderMarksFinished(folder)).toBe(finished);
  });

  it('groups loose files by series and keeps kinds apart', () => {
    expect(
      workKeyFor({ seriesFolder: 'comics/A', groupFolder: 'comics/A', layoutKind: 'comic' }, 'comic', 'x'),
    ).toBe('comics/A');
    expect(
      workKeyFor({ seriesFolder: null, groupFolder: 'comics', layoutKind: 'comic' }, 'comic', 'Saga'),
    ).toBe('comics/Saga');
    expect(
      workKeyFor({ seriesFolder: 'comics/A', groupFolder: 'comics/A', layoutKind: 'comic' }, 'novel', 'x'),
    ).toBe('comics/A#novel');
    expect(workKeyFor({ seriesFolder: null, groupFolder: '', layoutKind: null }, 'anime', 'A / B')).toBe(
      'A ∕ B#anime',
    );
  });
});

describe('ComicInfo Notes and ratings', () => {
  it('reads status, pay and score lines', () => {
    expect(parseNotes('status: finished\npay: vip\nscore: 8.7')).toEqual({
      finished: true,
      vip: true,
      scoreX10: 87,
    });
    expect(parseNotes('dm51.status=完结; dm51.pay=2')).toEqual({ finished: true, vip: true, scoreX10: null });
    expect(parseNotes('Scraped from somewhere. status: ongoing')).toEqual({
      finished: false,
      vip: false,
      scoreX10: null,
    });
    expect(parseNotes(null)).toEqual({ finished: false, vip: false, scoreX10: null });
  });

  it('maps a 0-5 community rating to score × 10 and credits roles', () => {
    const meta = comicMeta({
      communityRating: 4.5,
      writers: ['A'],
      pencillers: ['B'],
      translators: ['C'],
    } as never);
    expect(meta.scoreX10).toBe(90);
    expect(meta.authors).toEqual([
      { name: 'A', role: 'writer' },
      { name: 'B', role: 'penciller' },
      { name: 'C', role: 'translator' },
    ]);
  });
});

describe('categories from genres', () => {
  it.each([
    [
      ['Action', 'Sci-Fi'],
      ['热血', '科幻'],
    ],
    [
      ['恋爱', '校园'],
      ['恋爱', '校园'],
    ],
    [['Juvenile Fiction -- Fantasy & Magic'], ['奇幻', '儿童']],
    [['Mystery', 'mystery'], ['悬疑']],
    [['Cooking'], ['其他']],
    [[], ['其他']],
  ])('%j → %j', (genres, categories) => {
    expect(categoriesFor(genres)).toEqual(categories);
  });
});

describe('reading order', () => {
  const ch = (volume: string, number: string, source_path: string) => ({ volume, number, source_path });
  it('orders by volume, then number, then file and position in the book', () => {
    const list = [
      ch('', '11', 'a/s c011.cbz'),
      ch('1', '10', 'a/s v01 c010.cbz'),
      ch('1', '2', 'a/s v01 c002.cbz'),
      ch('2', '1', 'b/book2.epub#0001'),
      ch('1', '1.5', 'a/s v01 c001.5.cbz'),
      ch('', '', 'a/s extra.cbz'),
      ch('2', '2', 'b/book2.epub#0002'),
      ch('', '3', 'b/book3.epub#0001'),
    ];
    expect([...list].sort(compareChapters).map((c) => c.source_path)).toEqual([
      'a/s v01 c001.5.cbz',
      'a/s v01 c002.cbz',
      'a/s v01 c010.cbz',
      'b/book2.epub#0001',
      'b/book2.epub#0002',
      'a/s c011.cbz',
      'a/s extra.cbz',
      'b/book3.epub#0001',
    ]);
  });
});

describe('novel headings, words and NFO', () => {
  it.each([
    ['第12章 渡河', '12'],
    ['第一百二十回 大结局', '120'],
    ['第十章', '10'],
    ['Chapter 7: Home', '7'],
    ['CHAPTER XII. The End', '12'],
    ['序章', null],
  ])('%s → %s', (title, number) => {
    expect(headingNumber(title)).toBe(number);
  });

  it('reads volume headings', () => {
    expect(volumeNumber('第三卷 风起')).toBe('3');
    expect(volumeNumber('Volume 2')).toBe('2');
    expect(volumeNumber('Book IV')).toBe('4');
    expect(volumeNumber('卷五')).toBe('5');
    expect(volumeNumber(null)).toBe('');
  });

  it('counts CJK characters and Latin words', () => {
    expect(countWords('我们在清晨出发。')).toBe(7);
    expect(countWords('The clock ran on tides.')).toBe(5);
    expect(countWords('Hello 世界')).toBe(3);
  });

  it('reads tvshow.nfo', () => {
    const base = comicMeta(null);
    expect(
      parseNfo(
        '<tvshow><title>Show &amp; Tell</title><plot>A plot.</plot><genre>Action / Comedy</genre><status>Ended</status><rating>8.4</rating></tvshow>',
        base,
      ),
    ).toMatchObject({
      series: 'Show & Tell',
      summary: 'A plot.',
      genres: ['Action', 'Comedy'],
      finished: true,
      scoreX10: 84,
    });
  });
});
