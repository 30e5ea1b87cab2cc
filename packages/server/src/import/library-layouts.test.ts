/**
 * How files become works, on real folders: the corpus files (copied into a temporary library
 * when the layout needs them somewhere else) and small generated files where a name or a
 * ComicInfo field is the point. Grouping follows what the files say about their series, never
 * the parent folders they share.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { importInto } from '../testing/import-into.js';
import type { ImportSummary } from './import-types.js';
import { chaptersOfWork } from './testing/catalogue-rows.js';
import { corpusPath, writeCbz, writeEpub, writeVideo } from './testing/library-fixtures.js';

let ctx: TestApp;
let lib: string;
let summary: ImportSummary;

/** A corpus file placed at `rel` in the temporary library. */
function place(corpusFile: string, rel: string): void {
  mkdirSync(dirname(join(lib, rel)), { recursive: true });
  copyFileSync(corpusPath(corpusFile), join(lib, rel));
}

/** Works keyed by `folder` or a folder inside it (library-relative), by title. */
async function worksUnder(folder: string) {
  const rows = await ctx.db
    .selectFrom('works')
    .select(['id', 'title', 'source_key', 'alt_titles', 'chapter_count', 'rtl', 'language', 'pay'])
    .execute();
  const inFolder = (key: string) => {
    const rel = key.slice(key.indexOf('/') + 1).replace(/#[a-z]+$/, '');
    return rel === folder || rel.startsWith(`${folder}/`);
  };
  return rows.filter((w) => inFolder(w.source_key)).sort((a, b) => a.title.localeCompare(b.title));
}

async function authorsOf(workId: number) {
  return ctx.db
    .selectFrom('work_authors')
    .innerJoin('authors', 'authors.id', 'work_authors.author_id')
    .select(['authors.name', 'work_authors.role'])
    .where('work_authors.work_id', '=', workId)
    .orderBy('work_authors.position')
    .execute();
}

const ZIP = 'comics/komga/zip.zip'; // one PNG page, no ComicInfo

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-layouts-'));
  // Four unrelated books, each in its own folder under one parent folder.
  place(
    'epub/idpf-epub3-samples/childrens-literature.epub',
    'novels/Samples/Childrens/childrens-literature.epub',
  );
  place('epub/idpf-epub3-samples/wasteland-woff-obf.epub', 'novels/Samples/Waste/wasteland.epub');
  place('epub/idpf-epub3-samples/hefty-water.epub', 'novels/Samples/Hefty/hefty-water.epub');
  place('epub/stump/book.epub', 'novels/Samples/Alice/book.epub');
  // Books whose folders say nothing about them: a picture book, a right-to-left novel.
  place('epub/idpf-epub3-samples/vertically-scrollable-manga.epub', 'novels/Manga Folder/manga.epub');
  await writeEpub(join(lib, 'novels/Arabic/book.epub'), {
    title: 'حكايات البحر',
    author: 'Wood, Wally',
    language: 'ar',
    rtl: true,
    chapters: [{ title: 'الفصل الأول', body: `<p>${'كان البحر هادئا في الصباح. '.repeat(20)}</p>` }],
  });
  // Books of one series by metadata, in calibre's Author/Title layout and in one folder.
  const calibre: [string, string][] = [
    ['1', 'Book One (1)'],
    ['2', 'Book Two (2)'],
  ];
  for (const [n, folder] of calibre) {
    await writeEpub(join(lib, `novels/June Park/${folder}/book.epub`), {
      title: `Harbour Lights ${n}`,
      author: 'June Park',
      series: ['Harbour Lights', n],
      chapters: [{ title: `Harbour ${n}`, body: `<p>${'The lights of the harbour. '.repeat(20)}</p>` }],
    });
  }
  // Two series that happen to share a folder stay two works.
  for (const series of ['Red Tide', 'Blue Hour']) {
    await writeEpub(join(lib, `novels/Shelf/${series}.epub`), {
      title: `${series} 1`,
      author: 'Ada Vale',
      series: [series, '1'],
      chapters: [{ title: series, body: `<p>${'A chapter of words. '.repeat(20)}</p>` }],
    });
  }
  // Publisher/Series/Issue: the series is the folder holding the issues.
  place(ZIP, 'comics/Marvel/Spider-Man/Spider-Man 001.zip');
  place(ZIP, 'comics/Marvel/Spider-Man/Spider-Man 002.zip');
  place(ZIP, 'comics/Marvel/X-Men/X-Men 001.zip');
  writeFileSync(join(lib, 'comics/Marvel/Spider-Man/.vip'), '');
  // Volume folders split a series; they are not series of their own.
  place(ZIP, 'comics/Saga/Vol 2/Saga c010.zip');
  place(ZIP, 'comics/Saga/Vol 1/Saga c001.zip');
  // Season folders of a show, and a show inside a grouping folder.
  writeVideo(join(lib, 'anime/Signal Garden/Season 2/Signal Garden - 01.mp4'), 1);
  writeVideo(join(lib, 'anime/Signal Garden/Season 1/Signal Garden - 02.mp4'), 1);
  writeVideo(join(lib, 'anime/Signal Garden/Season 1/Signal Garden - 01.mp4'), 1);
  // A special with a year in its name.
  for (const n of ['101', '102', '103']) place(ZIP, `comics/Reborn/Reborn - ${n}.zip`);
  place(ZIP, 'comics/Reborn/Reborn - 2022 New Years Special SP01.zip');
  // Loose archives named only by their format, one of them with ComicInfo.
  place('comics/komga/7zip.7z', '7zip.7z');
  place('comics/komga/rar4.rar', 'rar4.rar');
  place('comics/comicbox/Captain Science #001.cbz', 'zip.cbz');
  // One author spelt three ways, in one work and across works ("Wood, Wally" is the Arabic
  // book's dc:creator above; in ComicInfo a comma separates two people).
  await writeCbz(join(lib, 'comics/Weird Science/Weird Science 001.cbz'), {
    pages: 1,
    info: { Series: 'Weird Science', Number: '1', Writer: 'wally  wood', Penciller: 'WALLY WOOD' },
  });
  await writeCbz(join(lib, 'comics/Weird Science/Weird Science 002.cbz'), {
    pages: 1,
    info: { Series: 'Weird Science', Number: '2', Writer: 'Wally Wood' },
  });
  summary = await importInto(ctx, lib);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('grouping files into works', () => {
  it('keeps unrelated books in sibling folders apart, each named by its own title and authors', async () => {
    const works = await worksUnder('novels/Samples');
    expect(works.map((w) => w.title)).toEqual([
      "Alice's Adventures in Wonderland",
      "Children's Literature",
      'Hefty Water',
      'The Waste Land',
    ]);
    for (const work of works) expect(JSON.parse(work.alt_titles)).not.toContain('Samples');
    const children = works.find((w) => w.title === "Children's Literature")!;
    expect((await authorsOf(children.id)).map((a) => a.name)).toEqual([
      'Charles Madison Curry',
      'Erle Elsworth Clippinger',
    ]);
    const waste = works.find((w) => w.title === 'The Waste Land')!;
    expect((await authorsOf(waste.id)).map((a) => a.name)).toEqual(['T.S. Eliot']);
  });

  it('takes the reading direction and title from the package, not the folder', async () => {
    const [manga] = await worksUnder('novels/Manga Folder');
    expect(manga).toMatchObject({ title: '鳥の眼' });
    const [arabic] = await worksUnder('novels/Arabic');
    expect(arabic).toMatchObject({ title: 'حكايات البحر', rtl: 1, language: 'ar' });
  });

  it('joins books of one series by their metadata across folders, and splits series sharing one', async () => {
    const harbour = await worksUnder('novels/June Park');
    expect(harbour.map((w) => [w.title, w.chapter_count])).toEqual([['Harbour Lights', 2]]);
    const volumes = (await chaptersOfWork(ctx.db, harbour[0]!.id)).map((c) => c.volume);
    expect(volumes).toEqual(['1', '2']);
    const shelf = await worksUnder('novels/Shelf');
    expect(shelf.map((w) => w.title)).toEqual(['Blue Hour', 'Red Tide']);
  });

  it('names a Publisher/Series/Issue layout after the series folders, whose markers they keep', async () => {
    const works = await worksUnder('comics/Marvel');
    expect(works.map((w) => [w.title, w.chapter_count, w.pay])).toEqual([
      ['Spider-Man', 2, 2],
      ['X-Men', 1, 0],
    ]);
    expect(summary.worksReport.map((w) => w.title)).not.toContain('Marvel');
  });

  it('reads volume folders as volumes of the series above them', async () => {
    const [saga] = await worksUnder('comics/Saga');
    expect(saga!.title).toBe('Saga');
    const chapters = await chaptersOfWork(ctx.db, saga!.id);
    expect(chapters.map((c) => [c.volume, c.number])).toEqual([
      ['1', '1'],
      ['2', '10'],
    ]);
  });

  it('reads season folders as seasons of the show above them', async () => {
    const shows = await worksUnder('anime/Signal Garden');
    expect(shows.map((w) => w.title)).toEqual(['Signal Garden']);
    const episodes = await chaptersOfWork(ctx.db, shows[0]!.id);
    expect(episodes.map((c) => [c.volume, c.number])).toEqual([
      ['1', '1'],
      ['1', '2'],
      ['2', '1'],
    ]);
  });

  it('sorts a special after the numbered chapters, without the number in its title', async () => {
    const [reborn] = await worksUnder('comics/Reborn');
    const chapters = await chaptersOfWork(ctx.db, reborn!.id);
    expect(chapters.map((c) => [c.number, c.title])).toEqual([
      ['101', 'Ch.101'],
      ['102', 'Ch.102'],
      ['103', 'Ch.103'],
      ['', 'Reborn - 2022 New Years Special SP01'],
    ]);
  });

  it('does not name a loose archive after its format: metadata names it, else it is untitled', () => {
    const titles = summary.worksReport.map((w) => w.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Untitled (7zip.7z)', 'Untitled (rar4.rar)', 'Captain Science']),
    );
    expect(titles).not.toContain('7zip');
    expect(titles).not.toContain('rar4');
    expect(titles).not.toContain('zip');
  });

  it('counts one author however the files spell the name, in a work and across the catalogue', async () => {
    const [weird] = await worksUnder('comics/Weird Science');
    expect(await authorsOf(weird!.id)).toEqual([
      { name: 'Wally Wood', role: 'writer' },
      { name: 'Wally Wood', role: 'penciller' },
    ]);
    // Captain Science (the corpus's ComicInfo) credits "Wally Wood" too, and the Arabic book
    // "Wood, Wally": one row for the three works.
    const woods = await ctx.db
      .selectFrom('authors')
      .select('name')
      .where(({ eb, fn }) => eb(fn('lower', ['name']), 'like', '%wood%'))
      .execute();
    expect(woods).toEqual([{ name: 'Wally Wood' }]);
    const [arabic] = await worksUnder('novels/Arabic');
    expect(await authorsOf(arabic!.id)).toEqual([{ name: 'Wally Wood', role: 'author' }]);
  });
});
