import { describe, expect, it } from 'vitest';
import { headingNumber, volumeNumber } from './novel-preparer.js';
import { parseNfo } from './nfo.js';
import type { FileMeta, PayMode } from './import-types.js';
import {
  categoriesFor,
  compareChapters,
  deriveWorkFields,
  emptyFileMeta,
  readFileMeta,
} from './work-metadata.js';
import {
  MAX_CHAPTER_PRICE,
  cleanSeriesName,
  countWords,
  folderMarksFinished,
  markerPrice,
  parseNotes,
  strongerPay,
  workKeyFor,
} from './work-naming.js';
import { comicMeta } from './comic-preparer.js';

const file = (pay: PayMode, price: number | null): FileMeta => ({ ...emptyFileMeta(), pay, price });

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
      pay: 'vip',
      price: null,
      scoreX10: 87,
    });
    expect(parseNotes('dm51.status=完结; dm51.pay=2')).toEqual({
      finished: true,
      pay: 'vip',
      price: null,
      scoreX10: null,
    });
    expect(parseNotes('Scraped from somewhere. status: ongoing')).toEqual({
      finished: false,
      pay: 'free',
      price: null,
      scoreX10: null,
    });
    expect(parseNotes(null)).toEqual({ finished: false, pay: 'free', price: null, scoreX10: null });
  });

  it.each([
    ['pay: coins\nprice: 15', 'coins', 15],
    ['PAY: Coin', 'coins', null],
    ['dm51.pay=1; dm51.price=8', 'coins', 8],
    // VIP wins over coins, whichever line comes first.
    ['pay: coins\npay: vip', 'vip', null],
    ['pay: vip\npay: coins\nprice: 20', 'vip', 20],
    ['pay: free', 'free', null],
    ['pay: gold', 'free', null],
    ['pay: constructor', 'free', null],
    // A price must be a whole number of coins from 1 to MAX_CHAPTER_PRICE.
    ['pay: coins\nprice: 0', 'coins', null],
    ['pay: coins\nprice: 2.5', 'coins', null],
    ['pay: coins\nprice: lots', 'coins', null],
    [`pay: coins\nprice: ${MAX_CHAPTER_PRICE + 1}`, 'coins', null],
    [`price: ${MAX_CHAPTER_PRICE}`, 'free', MAX_CHAPTER_PRICE],
  ])('Notes %j → pay %s, price %s', (notes, pay, price) => {
    expect(parseNotes(notes)).toMatchObject({ pay, price });
  });

  it('reads a price from a pay marker’s content', () => {
    expect(markerPrice('15')).toBe(15);
    expect(markerPrice(' 15\n')).toBe(15);
    expect(markerPrice('price: 12')).toBe(12);
    expect(markerPrice('')).toBeNull();
    expect(markerPrice('coin chapters from chapter 4')).toBeNull();
  });

  it('takes the strongest pay and the folder’s price first when deriving a work', () => {
    const derive = (fileMetas: FileMeta[], folderMeta: FileMeta | null = null) =>
      deriveWorkFields({ kind: 'comic', workKey: 'comics/A', fileMetas, folderMeta, chapterCount: 5 });
    expect(derive([file('free', null), file('coins', 9)])).toMatchObject({ pay: 'coins', chapterPrice: 9 });
    expect(derive([file('coins', 9), file('vip', null)])).toMatchObject({ pay: 'vip', chapterPrice: 9 });
    expect(derive([file('coins', 9)], file('free', 30))).toMatchObject({ pay: 'coins', chapterPrice: 30 });
    expect(derive([file('free', null)], file('vip', null))).toMatchObject({ pay: 'vip', chapterPrice: 0 });
    expect(derive([file('free', null)])).toMatchObject({ pay: 'free', chapterPrice: 0 });
    expect(strongerPay('vip', 'coins')).toBe('vip');
    expect(strongerPay('free', 'coins')).toBe('coins');
  });

  it('reads file statements stored before coin works (vip: true|false)', () => {
    const legacy = { ...emptyFileMeta(), pay: undefined, price: undefined };
    expect(readFileMeta(JSON.stringify({ ...legacy, vip: true }))).toMatchObject({ pay: 'vip', price: null });
    expect(readFileMeta(JSON.stringify({ ...legacy, vip: false }))).toMatchObject({
      pay: 'free',
      price: null,
    });
    expect(readFileMeta(JSON.stringify({ ...legacy, vip: false }))).not.toHaveProperty('vip');
    expect(readFileMeta(JSON.stringify(file('coins', 7)))).toEqual(file('coins', 7));
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
