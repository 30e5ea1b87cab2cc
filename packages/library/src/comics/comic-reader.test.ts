import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LibraryError } from '../errors.js';
import { corpusPath } from '../testing/corpus.js';
import { tempDir, tinyPng } from '../testing/fixtures.js';
import { buildZip } from '../testing/zip-builder.js';
import { readArchiveComicInfo, readComic } from './comic-reader.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

type Expected =
  | { pages: number; first: string; series: string | null; metadataEntry?: string | null }
  | { refused: string };

// Every comic archive in the corpus README, with its outcome.
const CORPUS: [string, Expected][] = [
  ['comics/comicbox/Captain Science #001 (1950) The Beginning - multi.cbz', { refused: 'no-content' }],
  ['comics/comicbox/Captain Science #001 (1950) The Beginning - nothing.cbz', { refused: 'no-content' }],
  [
    'comics/comicbox/Captain Science #001-cbi.cbr',
    { pages: 5, first: 'Captain Science 001/CaptainScience#1_01.jpg', series: null },
  ],
  [
    'comics/comicbox/Captain Science #001-cix.cbz',
    {
      pages: 5,
      first: 'Captain Science 001/CaptainScience#1_01.jpg',
      series: 'Captain Science',
      metadataEntry: 'comicinfo.xml',
    },
  ],
  [
    'comics/comicbox/Captain Science #001-comet.cbz',
    { pages: 5, first: 'Captain Science 001/CaptainScience#1_01.jpg', series: null },
  ],
  [
    'comics/comicbox/Captain Science #001.cb7',
    {
      pages: 5,
      first: 'Captain Science 001/CaptainScience#1_01.jpg',
      series: 'Captain Science',
      metadataEntry: 'Captain Science 001/comicinfo.xml',
    },
  ],
  [
    'comics/comicbox/Captain Science #001.cbz',
    {
      pages: 5,
      first: 'Captain Science 001/CaptainScience#1_01.jpg',
      series: 'Captain Science',
      metadataEntry: 'comicinfo.xml',
    },
  ],
  ['comics/comicbox/empty.cbz', { refused: 'no-content' }],
  ['comics/kavita/Archives/empty.zip', { refused: 'no-content' }],
  [
    'comics/kavita/Archives/file in folder.zip',
    { pages: 1, first: 'vol 1/pexels-photo-6551949.jpg', series: null },
  ],
  [
    'comics/kavita/Archives/file in folder_alt.zip',
    { pages: 1, first: 'vol1/pexels-photo-6551949.jpg', series: null },
  ],
  ['comics/kavita/Archives/flat file.zip', { pages: 1, first: 'pexels-photo-6551949.jpg', series: null }],
  ['comics/kavita/Archives/macos_none.zip', { refused: 'no-content' }],
  // Kavita counts 1 page; test/file.png is 0 bytes, which no reader can show, so we skip it.
  ['comics/kavita/Archives/macos_one.zip', { refused: 'no-content' }],
  ['comics/kavita/Archives/winrar.rar', { refused: 'no-content' }],
  ['comics/kavita/ComicInfos/ComicInfo.zip', { refused: 'no-content' }],
  ['comics/kavita/ComicInfos/ComicInfo2.zip', { refused: 'no-content' }],
  ['comics/kavita/ComicInfos/ComicInfo_authors.zip', { refused: 'no-content' }],
  ['comics/kavita/ComicInfos/ComicInfo_duplicateInfos.rar', { refused: 'no-content' }],
  ['comics/kavita/ComicInfos/ComicInfo_duplicateInfos.zip', { refused: 'no-content' }],
  ['comics/kavita/ComicInfos/ComicInfo_outside_root.zip', { refused: 'no-content' }],
  [
    'comics/kavita/ComicInfos/file in folder.zip',
    {
      pages: 1,
      first: 'vol 1/pexels-photo-6551949.jpg',
      series: 'BTOOOM!',
      metadataEntry: 'vol 1/ComicInfo.xml',
    },
  ],
  ['comics/kavita/ReadingLists/Annual.cbl', { refused: 'unsupported' }],
  ['comics/kavita/ReadingLists/Fables.cbl', { refused: 'unsupported' }],
  ['comics/komga/7zip.7z', { pages: 1, first: 'komga.png', series: null }],
  ['comics/komga/rar4-encrypted.rar', { refused: 'encrypted' }],
  ['comics/komga/rar4-solid.rar', { pages: 3, first: 'komga-1.png', series: null }],
  ['comics/komga/rar4.rar', { pages: 3, first: 'komga-1.png', series: null }],
  ['comics/komga/rar5-encrypted.rar', { refused: 'encrypted' }],
  ['comics/komga/zip-bzip2.zip', { pages: 1, first: 'komga.png', series: null }],
  ['comics/komga/zip-copy.zip', { pages: 1, first: 'komga.png', series: null }],
  ['comics/komga/zip-encrypted.zip', { refused: 'encrypted' }],
  ['comics/komga/zip-lzma.zip', { pages: 1, first: 'komga.png', series: null }],
  ['comics/komga/zip.zip', { pages: 1, first: 'komga.png', series: null }],
  // .ico files are favicons, not pages (see image-types.ts): these hold nothing else.
  ['comics/stump/book-complex-tree.zip', { refused: 'no-content' }],
  ['comics/stump/book.rar', { refused: 'no-content' }],
  ['comics/stump/book.zip', { refused: 'no-content' }],
  [
    'comics/stump/book-image-format-test.zip',
    {
      pages: 5,
      first: 'book/1.avif',
      series: 'Miles Morales: Spider-Man',
      metadataEntry: 'book/ComicInfo.xml',
    },
  ],
  [
    'comics/stump/science_comics_001.cbz',
    { pages: 36, first: 'Science_Comics_(Ace)_no.1_194601_pg00a.jpeg', series: null },
  ],
  [
    'comics/derived-image-folder/Captain Science 001',
    { pages: 5, first: 'CaptainScience#1_01.jpg', series: 'Captain Science', metadataEntry: 'comicinfo.xml' },
  ],
];

describe('readComic on every corpus comic', () => {
  it.each(CORPUS)('%s', async (file, expected) => {
    if ('refused' in expected) {
      await expect(readComic(corpusPath(file))).rejects.toMatchObject({ code: expected.refused });
      return;
    }
    const book = await readComic(corpusPath(file));
    expect(book.pages).toHaveLength(expected.pages);
    expect(book.pages[0]?.entryName).toBe(expected.first);
    expect(book.metadata?.series ?? null).toBe(expected.series);
    if (expected.metadataEntry !== undefined) expect(book.metadataEntry).toBe(expected.metadataEntry);
  });

  it('prefers the root ComicInfo.xml over the one in the page folder', async () => {
    const book = await readComic(corpusPath('comics/comicbox/Captain Science #001.cbz'));
    expect(book.metadataEntry).toBe('comicinfo.xml');
    expect(book.skipped).toContainEqual({
      entry: 'Captain Science 001/comicinfo.xml',
      reason: 'ComicInfo.xml shadowed by one nearer the root',
    });
  });

  it('lists the five image formats of Stump and skips macOS litter', async () => {
    const book = await readComic(corpusPath('comics/stump/book-image-format-test.zip'));
    expect(book.pages.map((p) => p.entryName)).toEqual([
      'book/1.avif',
      'book/2.jpeg',
      'book/3.jxl',
      'book/4.png',
      'book/5.webp',
    ]);
    expect(book.skipped.some((s) => s.reason === 'macOS resource fork (__MACOSX)')).toBe(true);
    expect(book.skipped.some((s) => s.reason === 'hidden file')).toBe(true);
  });

  it('keeps pages in natural order across the 36-page scan', async () => {
    const names = (await readComic(corpusPath('comics/stump/science_comics_001.cbz'))).pages.map(
      (p) => p.entryName,
    );
    expect(names.slice(0, 3)).toEqual([
      'Science_Comics_(Ace)_no.1_194601_pg00a.jpeg',
      'Science_Comics_(Ace)_no.1_194601_pg00b.jpeg',
      'Science_Comics_(Ace)_no.1_194601_pg01.jpeg',
    ]);
  });
});

describe('readArchiveComicInfo (metadata-only archives)', () => {
  it.each([
    ['comics/kavita/ComicInfos/ComicInfo.zip', 'BTOOOM!', 'ComicInfo.xml'],
    ['comics/kavita/ComicInfos/ComicInfo_duplicateInfos.zip', 'BTOOOM!', 'ComicInfo.xml'],
    ['comics/kavita/ComicInfos/ComicInfo_duplicateInfos.rar', 'BTOOOM!', 'ComicInfo.xml'],
    ['comics/kavita/ComicInfos/ComicInfo_outside_root.zip', 'BTOOOM! - Duplicate', 'Test/ComicInfo.xml'],
  ])('%s → %s', async (file, series, entry) => {
    const { metadata, entry: chosen } = await readArchiveComicInfo(corpusPath(file));
    expect(metadata?.series).toBe(series);
    expect(chosen).toBe(entry);
  });

  it('reads Kavita ComicInfo2 (Hellboy) and ComicInfo_authors', async () => {
    const hellboy = (await readArchiveComicInfo(corpusPath('comics/kavita/ComicInfos/ComicInfo2.zip')))
      .metadata;
    expect(hellboy).toMatchObject({ volume: '4', format: 'TPB', manga: 'No' });
    expect(hellboy?.pages).toHaveLength(147);
    const authors = (await readArchiveComicInfo(corpusPath('comics/kavita/ComicInfos/ComicInfo_authors.zip')))
      .metadata;
    expect(authors?.writers).toEqual(['Junya Inoue']);
  });
});

describe('readComic on generated input', () => {
  it('sorts pages naturally: 2 before 10', async () => {
    const png = await tinyPng();
    const path = join(tmp.dir, 'order.cbz');
    writeFileSync(
      path,
      buildZip(['10.png', '2.png', '1.png', 'Thumbs.db', 'notes.txt'].map((name) => ({ name, data: png }))),
    );
    const book = await readComic(path);
    expect(book.pages.map((p) => p.entryName)).toEqual(['1.png', '2.png', '10.png']);
    expect(book.skipped).toEqual([
      { entry: 'Thumbs.db', reason: 'Windows system file' },
      { entry: 'notes.txt', reason: 'not a page image' },
    ]);
  });

  it('keeps the pages when ComicInfo.xml is broken, and says why', async () => {
    const path = join(tmp.dir, 'badinfo.cbz');
    writeFileSync(
      path,
      buildZip([
        { name: 'ComicInfo.xml', data: Buffer.from('<nope/>') },
        { name: '1.png', data: await tinyPng() },
      ]),
    );
    const book = await readComic(path);
    expect(book.metadata).toBeNull();
    expect(book.pages).toHaveLength(1);
    expect(book.skipped).toContainEqual({
      entry: 'ComicInfo.xml',
      reason: 'invalid ComicInfo.xml: no <ComicInfo> root',
    });
  });

  it('refuses an empty folder', async () => {
    const dir = join(tmp.dir, 'empty-folder');
    mkdirSync(dir);
    const error = await readComic(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibraryError);
    expect((error as LibraryError).code).toBe('no-content');
  });
});
