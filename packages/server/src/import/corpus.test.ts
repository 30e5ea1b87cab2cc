/**
 * The shared real-world corpus, imported in place (never copied): archives in every container and
 * compression, ComicInfo variants, EPUB 2/3 books, and the files that must be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import type { ImportSummary } from './import-types.js';
import { importInto } from '../testing/import-into.js';
import { corpusPath } from './testing/library-fixtures.js';

let ctx: TestApp;
let comics: ImportSummary;
let epubs: ImportSummary;

const importRoot = (root: string) => importInto(ctx, root);

async function chapters(title: string, type = 0) {
  return ctx.db
    .selectFrom('chapters')
    .innerJoin('works', 'works.id', 'chapters.work_id')
    .select([
      'chapters.title',
      'chapters.number',
      'chapters.volume',
      'chapters.page_count',
      'chapters.source_path',
    ])
    .where('works.title', '=', title)
    .where('works.type', '=', type)
    .orderBy('chapters.sort_order')
    .execute();
}

beforeAll(async () => {
  ctx = await buildTestApp();
  comics = await importRoot(corpusPath('comics'));
  epubs = await importRoot(corpusPath('epub'));
}, 120_000);

afterAll(async () => ctx?.close());

describe('the real-world comic corpus', () => {
  it('reads every container and compression variant Komga ships', async () => {
    const komga = await chapters('komga');
    const pages = Object.fromEntries(komga.map((c) => [c.source_path.split('/').at(-1), c.page_count]));
    expect(pages).toEqual({
      '7zip.7z': 1,
      'rar4-solid.rar': 3,
      'rar4.rar': 3,
      'zip-bzip2.zip': 1,
      'zip-copy.zip': 1,
      'zip-lzma.zip': 1,
      'zip.zip': 1,
    });
  });

  it('refuses encrypted and empty archives with a reason', () => {
    const reason = (path: string) => comics.failed.find((f) => f.path === path)?.reason;
    expect(reason('komga/rar4-encrypted.rar')).toBe('encrypted archive');
    expect(reason('komga/rar5-encrypted.rar')).toBe('encrypted archive');
    expect(reason('komga/zip-encrypted.zip')).toBe('encrypted archive');
    expect(reason('kavita/Archives/empty.zip')).toMatch(/^no page images/);
    expect(reason('kavita/Archives/winrar.rar')).toMatch(/^no page images/);
    expect(reason('stump/book.zip')).toMatch(/favicon copy \d\.ico: not a page image/);
    expect(reason('stump/book-image-format-test.zip::book/3.jxl')).toMatch(/unreadable image/);
  });

  it('takes series, number, authors and language from ComicInfo (CBZ, CB7, CBR and a folder)', async () => {
    const work = await ctx.db
      .selectFrom('works')
      .selectAll()
      .where('source_key', 'like', '%/comicbox#comic')
      .executeTakeFirstOrThrow();
    expect(work).toMatchObject({ title: 'Captain Science', language: 'en' });
    const formats = (await chapters('Captain Science')).map((c) => c.source_path.split('/').at(-1));
    expect(formats).toEqual(
      expect.arrayContaining([
        'Captain Science #001.cbz',
        'Captain Science #001.cb7',
        'Captain Science #001-cbi.cbr',
      ]),
    );
    const report = comics.worksReport.find((w) => w.series === 'derived-image-folder');
    expect(report).toMatchObject({
      title: 'Captain Science',
      authors: ['Joe Orlando', 'Wally Wood'],
      chapters: [{ number: '1', pages: 5 }],
    });
  });

  it('skips non-page entries and OS litter with reasons, and imports the pages around them', async () => {
    expect(comics.skipped).toEqual(
      expect.arrayContaining([
        { path: 'stump/book-image-format-test.zip::book/.DS_Store', reason: 'hidden file' },
        {
          path: 'comicbox/Captain Science #001.cbz::Captain Science 001/comicinfo.xml',
          reason: 'ComicInfo.xml shadowed by one nearer the root',
        },
      ]),
    );
    const stump = await chapters('Miles Morales: Spider-Man');
    expect(stump.find((c) => c.source_path.endsWith('book-image-format-test.zip'))?.page_count).toBe(4);
    expect(stump.find((c) => c.source_path.endsWith('science_comics_001.cbz'))?.page_count).toBe(36);
  });
});

describe('the real-world EPUB corpus', () => {
  it('imports EPUB 2 and 3 books, each its own work, with TOC titles and text', async () => {
    expect(epubs.failed).toEqual([
      { path: 'invalid/komga-zip-as-epub.epub', reason: 'invalid EPUB: no META-INF/container.xml' },
    ]);
    const titles = epubs.worksReport.map((w) => w.title).sort();
    expect(titles).toEqual(
      expect.arrayContaining([
        "Children's Literature",
        'The Waste Land',
        'Hefty Water',
        '鳥の眼',
        "Alice's Adventures in Wonderland",
      ]),
    );
    // A book alone in its folder is named by its own title, not the folder ("stump").
    const alice = await chapters("Alice's Adventures in Wonderland", 1);
    expect(alice.map((c) => c.title)).toContain('CHAPTER I. Down the Rabbit-Hole');
    const text = await ctx.db
      .selectFrom('novel_texts')
      .innerJoin('chapters', 'chapters.id', 'novel_texts.chapter_id')
      .select(['novel_texts.text', 'chapters.word_count'])
      .where('chapters.title', '=', 'CHAPTER I. Down the Rabbit-Hole')
      .executeTakeFirstOrThrow();
    expect(text.text).toContain('Alice was beginning to get very tired');
    expect(text.word_count).toBeGreaterThan(1000);
  });

  it('keeps images of illustrated books as stored media, and reads obfuscated-font books', async () => {
    const html = await ctx.db
      .selectFrom('novel_texts')
      .innerJoin('chapters', 'chapters.id', 'novel_texts.chapter_id')
      .innerJoin('works', 'works.id', 'chapters.work_id')
      .select('novel_texts.html')
      .where('works.title', '=', "Children's Literature")
      .execute();
    expect(html.some((h) => /<img src="\/media\/lib\/[0-9a-f/]+_xfile\.webp"/.test(h.html))).toBe(true);
    const waste = epubs.worksReport.find((w) => w.title === 'The Waste Land');
    expect(waste).toMatchObject({ authors: ['T.S. Eliot'], language: 'en-US' });
    const japanese = epubs.worksReport.find((w) => w.title === '鳥の眼');
    expect(japanese).toMatchObject({ language: 'ja' });
  });
});
