/**
 * What an EPUB becomes, as a reader meets it: a picture book (fixed-layout manga, one image a
 * page) is a comic whose pages keep the spine order and direction; a book's cover, title page,
 * contents and Gutenberg licence are listed around its chapters, never numbered, counted or
 * charged for ("3 free chapters" are three real ones); and an e-reader downloads the imported
 * file itself, byte for byte, unless chapters are locked for it — then a made EPUB of what it may
 * read, with the cover, a stylesheet, the language and the images, that epubcheck accepts.
 * Corpus files are read in place, or copied into a temporary library outside the project.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildZip, openArchive, readEpub } from '@dm51/library';
import { xorBytes } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { importInto } from '../testing/import-into.js';
import { basicFor, createAppToken, type CreatedToken } from '../testing/opds.js';
import type { TestSession } from '../testing/test-client.js';
import type { ImportSummary } from './import-types.js';
import { corpusPath } from './testing/library-fixtures.js';

const run = promisify(execFile);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const EPUBCHECK = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', '/usr/share/java/epubcheck.jar'];
const ALICE = corpusPath('epub/stump/book.epub');
const HARPOON = corpusPath(
  'epub/kavita/The Golden Harpoon; Or, Lost Among the Floes A Story of the Whaling Grounds.epub',
);
const ARABIC = `الفصل الأول
${'كان يا ما كان في قديم الزمان رجل يعيش في مدينة بعيدة على شاطئ البحر.\n'.repeat(20)}
الفصل الثاني
${'وفي يوم من الأيام خرج الرجل إلى السوق ليشتري الخبز والتمر.\n'.repeat(20)}`;
const MANGA = corpusPath('epub/idpf-epub3-samples/vertically-scrollable-manga.epub');

let h: AccountsHarness;
let reader: TestSession;
let token: CreatedToken;
let summary: ImportSummary;
const root = mkdtempSync(join(tmpdir(), 'epub-fidelity-'));
const out = mkdtempSync(join(tmpdir(), 'epub-fidelity-out-'));
/** The corpus manga's page images, by name. */
const mangaImages = new Map<string, Buffer>();

/** A fixed-layout right-to-left EPUB of three pages, spine order unlike the file names. */
function fixedLayoutManga(): Buffer {
  const pages = ['003.jpg', '001.jpg', '000.jpg'];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:fixed</dc:identifier>
<dc:title>鉄の庭 第2巻</dc:title><dc:creator>ムライ</dc:creator><dc:language>ja</dc:language>
<meta property="rendition:layout">pre-paginated</meta><meta property="dcterms:modified">2020-01-01T00:00:00Z</meta></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${pages.map((p, i) => `<item id="img${i}" href="i/${p}" media-type="image/jpeg"${i === 0 ? ' properties="cover-image"' : ''}/><item id="p${i}" href="p${i}.xhtml" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest><spine page-progression-direction="rtl">${pages.map((_, i) => `<itemref idref="p${i}"/>`).join('')}</spine></package>`;
  const page = (image: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>p</title><meta name="viewport" content="width=850, height=1200"/></head><body><img src="i/${image}" alt=""/></body></html>`;
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OPS/book.opf', data: Buffer.from(opf) },
    {
      name: 'OPS/nav.xhtml',
      data: Buffer.from(
        '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol><li><a href="p0.xhtml">“Start”</a></li></ol></nav></body></html>',
      ),
    },
    ...pages.map((p, i) => ({ name: `OPS/p${i}.xhtml`, data: Buffer.from(page(p)) })),
    ...pages.map((p) => ({ name: `OPS/i/${p}`, data: mangaImages.get(p)! })),
  ]);
}

/** A five-chapter illustrated EPUB (one picture a chapter, text around it). */
function illustratedBook(): Buffer {
  const chapters = [1, 2, 3, 4, 5];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:illustrated</dc:identifier>
<dc:title>The Bird's Eye</dc:title><dc:creator>Murai</dc:creator><dc:language>en</dc:language><meta property="dcterms:modified">2020-01-01T00:00:00Z</meta></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="art" href="art.jpg" media-type="image/jpeg"/>
${chapters.map((n) => `<item id="c${n}" href="c${n}.xhtml" media-type="application/xhtml+xml"/>`).join('')}</manifest>
<spine>${chapters.map((n) => `<itemref idref="c${n}"/>`).join('')}</spine></package>`;
  const chapter = (n: number) =>
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body><h1>Chapter ${n}</h1><p>The bird looked down &amp; saw the <a href="c${n + 1}.xhtml">next</a> town.</p><p><img src="art.jpg" alt="the town"/><br/>A picture.</p>${'<p>It flew on over the hills and the rivers.</p>'.repeat(30)}</body></html>`;
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'book.opf', data: Buffer.from(opf) },
    {
      name: 'nav.xhtml',
      data: Buffer.from(
        `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>${chapters.map((n) => `<li><a href="c${n}.xhtml">"Chapter ${n}"</a></li>`).join('')}</ol></nav></body></html>`,
      ),
    },
    ...chapters.map((n) => ({ name: `c${n}.xhtml`, data: Buffer.from(chapter(n)) })),
    { name: 'art.jpg', data: mangaImages.get('000.jpg')! },
  ]);
}

function place(folder: string, name: string, data: Buffer | string) {
  mkdirSync(join(root, folder), { recursive: true });
  if (typeof data === 'string') copyFileSync(data, join(root, folder, name));
  else writeFileSync(join(root, folder, name), data);
}

async function work(title: string) {
  return h.ctx.db.selectFrom('works').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
}

async function pageBytes(workId: number): Promise<Buffer[]> {
  const pages = await h.ctx.db
    .selectFrom('pages')
    .innerJoin('chapters', 'chapters.id', 'pages.chapter_id')
    .select('pages.media_key')
    .where('chapters.work_id', '=', workId)
    .orderBy('chapters.sort_order')
    .orderBy('pages.page_index')
    .execute();
  return Promise.all(
    pages.map(async (p) =>
      Buffer.from(xorBytes((await h.ctx.app.media.get(p.media_key))!, h.ctx.config.imageXorKey)),
    ),
  );
}

interface Item {
  id: number;
  name: string;
  number: string;
  pay: number;
  locked: number;
  matter: string;
}
async function chapterList(workId: number): Promise<Item[]> {
  const answer = await h.call<{ list: Item[] }>(
    '/v3/book/chapters',
    { id: workId, limit: 2000 },
    { session: reader },
  );
  expect(answer.code).toBe(1);
  return answer.data!.list;
}

function download(workId: number) {
  return h.ctx.app.inject({
    method: 'GET',
    url: `/opds/works/${workId}/epub`,
    headers: { authorization: basicFor(token) },
  });
}

/** The DOS dates (year-month-day) of a ZIP's entries, from its central directory. */
function dosDates(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const dates: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    const date = zip.readUInt16LE(at + 14);
    dates.push(`${(date >> 9) + 1980}-${(date >> 5) & 15}-${date & 31}`);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return dates;
}

async function entriesOf(data: Buffer) {
  const path = join(out, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, data);
  const archive = await openArchive(path);
  return { read: (name: string) => archive.read(name), close: () => archive.close() };
}

async function epubcheck(data: Buffer): Promise<string> {
  const path = join(out, `${Math.random().toString(36).slice(2)}.epub`);
  writeFileSync(path, data);
  try {
    const { stdout, stderr } = await run('java', [...EPUBCHECK, path], { timeout: 120_000 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`epubcheck refused the EPUB:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

beforeAll(async () => {
  const archive = await openArchive(MANGA);
  for (const name of ['000.jpg', '001.jpg', '003.jpg'])
    mangaImages.set(name, await archive.read(`OEBPS/image/${name}`));
  await archive.close();
  place('novels/Alice', 'book.epub', ALICE);
  place('novels/Alice', '.coins', Buffer.from('5'));
  place('novels/Harpoon', 'harpoon.epub', HARPOON);
  place('novels/Manga', 'vertically-scrollable-manga.epub', MANGA);
  place('novels/Fixed', 'fixed.epub', fixedLayoutManga());
  place('novels/Illustrated', 'bird.epub', illustratedBook());
  place('novels/Illustrated', '.vip', Buffer.from(''));
  place('novels/Arabic', 'حكاية.txt', Buffer.from(ARABIC, 'utf8'));
  place('novels/Arabic', 'cover.jpg', mangaImages.get('000.jpg')!);
  h = await buildAccountsHarness();
  summary = await importInto(h.ctx, root);
  reader = await h.registerByEmail(uniqueEmail('epub-reader'), 'password 1');
  token = await createAppToken(h, reader);
}, 120_000);
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe('picture-book EPUBs', () => {
  it('import as comics: pages in spine order, the reading direction from the package', async () => {
    expect(summary.failed).toEqual([]);
    const fixed = await work('鉄の庭');
    expect(fixed).toMatchObject({ type: 0, rtl: 1 });
    const chapters = await h.ctx.db
      .selectFrom('chapters')
      .selectAll()
      .where('work_id', '=', fixed.id)
      .execute();
    expect(chapters.map((c) => [c.volume, c.page_count])).toEqual([['2', 3]]);
    // Pages of reading size are stored as they are, so each page is its image's bytes.
    expect((await pageBytes(fixed.id)).map(sha)).toEqual(
      ['003.jpg', '001.jpg', '000.jpg'].map((n) => sha(mangaImages.get(n)!)),
    );
    const text = await h.ctx.db
      .selectFrom('novel_texts')
      .innerJoin('chapters', 'chapters.id', 'novel_texts.chapter_id')
      .select('chapters.id')
      .where('chapters.work_id', '=', fixed.id)
      .execute();
    expect(text).toEqual([]);
  });

  it('a scrolled manga of one picture page (the IDPF sample) is a comic of its ten pages, left to right as its package says', async () => {
    const report = summary.worksReport.filter((w) => w.kind === 'comic');
    expect(report.map((w) => [w.title, w.rtl, w.chapters.map((c) => c.pages)])).toEqual(
      expect.arrayContaining([['鳥の眼', false, [10]]]),
    );
    // The scrolled sample has no volume; the fixed one is volume 2 of the same series.
    expect(summary.worksReport.some((w) => w.kind === 'novel' && w.title === '鳥の眼')).toBe(false);
  });
});

describe('front and back matter', () => {
  it('lists the cover, Gutenberg header and licence around the chapters, unnumbered and unquoted', async () => {
    const alice = await work("Alice's Adventures in Wonderland");
    const list = await chapterList(alice.id);
    expect(list.slice(0, 3).map((c) => [c.name, c.number, c.matter])).toEqual([
      ['Cover', '', 'front'],
      ["The Project Gutenberg eBook of Alice's Adventures in Wonderland", '', 'front'],
      ['CHAPTER I. Down the Rabbit-Hole', '1', ''],
    ]);
    expect(list.at(-1)).toMatchObject({
      name: 'THE FULL PROJECT GUTENBERG LICENSE',
      number: '',
      matter: 'back',
    });
    expect(list.filter((c) => c.matter === '').map((c) => c.number)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    expect(alice.chapter_count).toBe(12);
    expect(alice.latest_chapter_title).toBe('CHAPTER XII. Alice’s Evidence');
  });

  it('keeps three real chapters free in a coin work; front and back matter are free and not among them', async () => {
    const list = await chapterList((await work("Alice's Adventures in Wonderland")).id);
    const real = list.filter((c) => c.matter === '');
    expect(real.map((c) => c.pay)).toEqual([0, 0, 0, ...Array<number>(9).fill(1)]);
    expect(list.filter((c) => c.matter !== '').every((c) => c.pay === 0 && c.locked === 0)).toBe(true);
  });
});

describe('EPUB downloads', () => {
  it('serve an imported EPUB as the original file, byte for byte', async () => {
    const response = await download((await work('The Golden Harpoon / Lost Among the Floes')).id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/epub+zip');
    expect(response.rawPayload.equals(readFileSync(HARPOON))).toBe(true);
  });

  it('make an EPUB of the readable chapters when some are locked: cover, stylesheet, language, metadata, the same bytes each time, epubcheck clean', async () => {
    const alice = await work("Alice's Adventures in Wonderland");
    const first = await download(alice.id);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(readFileSync(ALICE))).toBe(false);
    expect((await download(alice.id)).rawPayload.equals(first.rawPayload)).toBe(true);
    const path = join(out, 'alice-made.epub');
    writeFileSync(path, first.rawPayload);
    const book = await readEpub(path);
    expect(book.metadata).toMatchObject({
      title: "Alice's Adventures in Wonderland",
      language: 'en',
      authors: ['Lewis Carroll'],
    });
    expect(book.coverImage).toBe('OEBPS/images/cover.jpg');
    // Front matter, chapters I–III, the licence, then the page naming what is locked.
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Cover',
      "The Project Gutenberg eBook of Alice's Adventures in Wonderland",
      'CHAPTER I. Down the Rabbit-Hole',
      'CHAPTER II. The Pool of Tears',
      'CHAPTER III. A Caucus-Race and a Long Tale',
      'THE FULL PROJECT GUTENBERG LICENSE',
      'Not included 未包含的章节',
    ]);
    expect(book.chapters[2]!.text).toContain('Alice was beginning to get very tired');
    const zip = await openArchive(path);
    const names = (await zip.list()).entries.map((e) => e.name);
    const opf = (await zip.read('OEBPS/content.opf')).toString('utf8');
    await zip.close();
    expect(names).toEqual(expect.arrayContaining(['OEBPS/style.css', 'OEBPS/images/cover.jpg']));
    expect(opf).toContain('<dc:language>en</dc:language>');
    // Entries are dated with the book's last change, not the DOS epoch.
    const updated = new Date(Number(alice.updated_time) * 1000);
    expect(new Set(dosDates(first.rawPayload))).toEqual(
      new Set([`${updated.getUTCFullYear()}-${updated.getUTCMonth() + 1}-${updated.getUTCDate()}`]),
    );
    await epubcheck(first.rawPayload);
  }, 180_000);

  it('make a locked book with the images of its readable chapters; titles lose their literal quotes', async () => {
    const bird = await work("The Bird's Eye");
    const list = await chapterList(bird.id);
    expect(list.map((c) => [c.name, c.locked])).toEqual([
      ['Chapter 1', 0],
      ['Chapter 2', 0],
      ['Chapter 3', 0],
      ['Chapter 4', 1],
      ['Chapter 5', 1],
    ]);
    const response = await download(bird.id);
    const path = join(out, 'bird-made.epub');
    writeFileSync(path, response.rawPayload);
    const book = await readEpub(path);
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Chapter 1',
      'Chapter 2',
      'Chapter 3',
      'Not included 未包含的章节',
    ]);
    expect(book.chapters.slice(0, 3).map((c) => c.images)).toEqual([
      ['OEBPS/images/i0001.jpg'],
      ['OEBPS/images/i0001.jpg'],
      ['OEBPS/images/i0001.jpg'],
    ]);
    expect(book.chapters[0]!.text).toContain('The bird looked down & saw the next town.');
    await epubcheck(response.rawPayload);
  }, 180_000);

  it('make a TXT import an EPUB with its cover, language and right-to-left direction (Arabic)', async () => {
    const tale = await h.ctx.db
      .selectFrom('works')
      .selectAll()
      .where('source_key', 'like', '%novels/Arabic%')
      .executeTakeFirstOrThrow();
    expect(tale.language).toBe('ar');
    const response = await download(tale.id);
    expect(response.statusCode).toBe(200);
    const zip = await entriesOf(response.rawPayload);
    const opf = (await zip.read('OEBPS/content.opf')).toString('utf8');
    const first = (await zip.read('OEBPS/c0001.xhtml')).toString('utf8');
    await zip.close();
    expect(opf).toContain('<dc:language>ar</dc:language>');
    expect(opf).toContain('page-progression-direction="rtl"');
    expect(opf).toContain('properties="cover-image"');
    expect(first).toMatch(/<html [^>]*dir="rtl"/);
    expect(first).toContain('كان يا ما كان');
    await epubcheck(response.rawPayload);
  }, 180_000);
});
