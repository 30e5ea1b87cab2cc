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
  bookGrouping,
  cleanSeriesName,
  countWords,
  folderMarksFinished,
  isFormatOnlyName,
  markerPrice,
  parseNotes,
  seriesIdentity,
  strongerPay,
  workKeyFor,
} from './work-naming.js';
import { comicMeta } from './comic-preparer.js';
import { authorKey, displayAuthorName, uniqueCredits } from './author-names.js';
import { seriesFolderOf, type LibraryUnit } from './library-walker.js';

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

describe('series folders and book grouping', () => {
  it.each([
    ['comics/Saga', 'comics/Saga'],
    ['comics/Saga/Vol 1', 'comics/Saga'],
    ['comics/Marvel/Spider-Man', 'comics/Marvel/Spider-Man'],
    ['anime/Show/Season 1', 'anime/Show'],
    ['anime/Show/Specials', 'anime/Show'],
    ['comics/Vol 1', null],
    ['comics', null],
  ])('the series folder of %s is %s', (folder, expected) => {
    const root = folder.split('/')[0]!;
    expect(seriesFolderOf(folder, root)).toBe(expected);
  });

  const book = (rel: string, seriesFolder: string | null, booksInFolder = 1): LibraryUnit => ({
    rel,
    abs: `/lib/${rel}`,
    type: 'epub',
    layoutKind: 'novel',
    seriesFolder,
    groupFolder: seriesFolder ?? 'novels',
    kindRoot: 'novels',
    size: 1,
    mtimeMs: 1,
    booksInFolder,
  });
  const keyOf = (unit: LibraryUnit, series: string | null, numbered: boolean, name: string) =>
    workKeyFor(bookGrouping(unit, { series, numbered }), 'novel', name);

  it('keys a book by its series metadata before its folders', () => {
    // The folder named after the series, however deep the book sits below it.
    expect(keyOf(book('novels/Saga/Book One/a.epub', 'novels/Saga/Book One'), 'Saga', false, 'Saga')).toBe(
      'novels/Saga',
    );
    // calibre's Author/Title/: books of one series beside each other are one work.
    expect(keyOf(book('novels/Ann/Title (1)/a.epub', 'novels/Ann/Title (1)'), 'Tides', false, 'Tides')).toBe(
      'novels/Ann/Tides',
    );
    // Two series sharing a folder are two works.
    expect(keyOf(book('novels/Shelf/a.epub', 'novels/Shelf', 2), 'Red', false, 'Red')).toBe(
      'novels/Shelf/Red',
    );
  });

  it('keys a book without series metadata by its own folder, or by its title among others', () => {
    expect(keyOf(book('novels/P/BookA/a.epub', 'novels/P/BookA'), null, false, 'A')).toBe('novels/P/BookA');
    expect(keyOf(book('novels/Saga/Saga v02.epub', 'novels/Saga', 2), null, true, 'Saga')).toBe(
      'novels/Saga',
    );
    expect(keyOf(book('novels/Mixed/a.epub', 'novels/Mixed', 2), null, false, 'Alpha')).toBe(
      'novels/Mixed/Alpha',
    );
    expect(keyOf(book('novels/loose.epub', null), null, false, 'Loose')).toBe('novels/Loose');
  });

  it('compares series names as identities', () => {
    expect(seriesIdentity('Harbour Lights')).toBe(seriesIdentity('harbour_lights [Complete]'));
    expect(seriesIdentity('Spider-Man')).toBe(seriesIdentity('Spider Man'));
    expect(seriesIdentity('Spider-Man')).not.toBe(seriesIdentity('X-Men'));
  });

  it.each([
    ['7zip.7z', true],
    ['zip-bzip2.zip', true],
    ['rar4-solid.rar', true],
    ['rar5-encrypted.rar', true],
    ['cbz.cbz', true],
    ['book.zip', false],
    ['Saga 001.cbz', false],
    ['Zip Zap.cbz', false],
  ])('%s names only its format: %s', (name, expected) => {
    expect(isFormatOnlyName(`comics/${name}`)).toBe(expected);
  });
});

describe('author names', () => {
  it('writes a sorted name in reading order and keeps suffixes and lists apart', () => {
    expect(displayAuthorName('Wood, Wally')).toBe('Wally Wood');
    expect(displayAuthorName('  wally   wood ')).toBe('wally wood');
    expect(displayAuthorName('Gaiman, Neil, Jr.')).toBe('Gaiman, Neil, Jr.');
    expect(displayAuthorName('Wood, Jr.')).toBe('Wood, Jr.');
    expect(displayAuthorName('村上春樹')).toBe('村上春樹');
  });

  it('gives the spellings of one person one key', () => {
    expect(authorKey('Wally Wood')).toBe(authorKey('Wood, Wally'));
    expect(authorKey('Wally Wood')).toBe(authorKey('wally  wood'));
    expect(authorKey('T.S. Eliot')).toBe(authorKey('T. S. Eliot'));
    expect(authorKey('Wally Wood')).not.toBe(authorKey('Wally Woods'));
  });

  it('keeps one credit per person and role, under the best spelling', () => {
    expect(
      uniqueCredits([
        { name: 'wally  wood', role: 'writer' },
        { name: 'WALLY WOOD', role: 'penciller' },
        { name: 'Wood, Wally', role: 'writer' },
        { name: 'Joe Orlando', role: 'penciller' },
      ]),
    ).toEqual([
      { name: 'Wally Wood', role: 'writer' },
      { name: 'Wally Wood', role: 'penciller' },
      { name: 'Joe Orlando', role: 'penciller' },
    ]);
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
