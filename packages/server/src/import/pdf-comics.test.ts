import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_PDF_LIMITS, PdfDocument } from '@dm51/library';
import { buildPdf, type PdfBuildOptions, type PdfPageSpec } from '@dm51/library/testing/pdf-builder';
import { xorBytes } from '@dm51/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';
import { importInto } from '../testing/import-into.js';
import type { ImportSummary } from './import-types.js';
import { chaptersOfWork, workTitled } from './testing/catalogue-rows.js';

let ctx: TestApp;
let lib: string;
let summary: ImportSummary;

const work = (title: string) => workTitled(ctx.db, title);
const chaptersOf = (workId: number) => chaptersOfWork(ctx.db, workId);
const limits = { ...DEFAULT_PDF_LIMITS, maxPages: 40, maxPagePixels: 1080 * 5_000 };

async function writePdf(rel: string, pages: PdfPageSpec[], options: PdfBuildOptions = {}): Promise<Buffer> {
  const bytes = await buildPdf(pages, options);
  mkdirSync(dirname(join(lib, rel)), { recursive: true });
  writeFileSync(join(lib, rel), bytes);
  return bytes;
}

async function pageRows(sourcePath: string) {
  return ctx.db
    .selectFrom('pages')
    .innerJoin('chapters', 'chapters.id', 'pages.chapter_id')
    .select(['pages.media_key', 'pages.width', 'pages.height', 'pages.bytes'])
    .where('chapters.source_path', 'like', `%/${sourcePath}`)
    .orderBy('pages.page_index')
    .execute();
}

/** A stored page as the browser gets it once the `_xfile` XOR is undone. */
async function storedImage(key: string): Promise<Buffer> {
  const stored = await ctx.app.media.get(key);
  expect(stored).not.toBeNull();
  return Buffer.from(xorBytes(stored!, ctx.config.imageXorKey));
}

const scans = (n: number, size: [number, number]): PdfPageSpec[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'jpeg', size, hue: i * 3 }));

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-pdf-lib-'));
  await writePdf('comics/Paper Harbor/Paper Harbor c001.pdf', scans(3, [1600, 2400]), {
    author: 'Lin Qiu, Rae Tan',
    subject: 'A harbour made of paper.',
    keywords: 'sea; night',
  });
  await writePdf('comics/Paper Harbor/Paper Harbor c002.pdf', scans(2, [900, 1350]));
  // A book typeset as a PDF, and a comic drawn in vectors with a PNG-compressed page.
  await writePdf('novels/Quiet Night.pdf', [
    { type: 'text', lines: ['Chapter One', 'It was a quiet night.'] },
    { type: 'text', lines: ['Chapter Two', 'And then it was not.'] },
  ]);
  await writePdf('Loose Ink c001.pdf', [
    { type: 'png', size: [800, 1200] },
    { type: 'text', lines: ['THE END'], points: [400, 600] },
  ]);
  await writePdf('comics/Locked c001.pdf', scans(2, [300, 450]), { userPassword: 'secret' });
  await writePdf('comics/Restricted c001.pdf', scans(1, [300, 450]), { ownerPassword: 'boss' });
  const whole = await writePdf('comics/Cut c001.pdf', scans(3, [600, 900]));
  writeFileSync(join(lib, 'comics/Cut c001.pdf'), whole.subarray(0, Math.floor(whole.length / 2)));
  writeFileSync(join(lib, 'comics/Fake c001.pdf'), 'PK\u0003\u0004 not a pdf');
  await writePdf(
    'comics/Huge c001.pdf',
    Array.from({ length: 41 }, (_, i) => ({ type: 'text', lines: [`page ${i + 1}`] })),
  );
  // A strip far taller than the pixel limit allows, between two ordinary pages.
  await writePdf('comics/Tall c001.pdf', [
    { type: 'text', lines: ['before'] },
    { type: 'text', lines: ['the strip'], points: [100, 20_000] },
    { type: 'text', lines: ['after'] },
  ]);
  await writePdf('anime/Signal Garden/booklet.pdf', [{ type: 'text', lines: ['Staff'] }]);
  summary = await importInto(ctx, lib, { pdfLimits: limits });
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('importing PDFs', () => {
  it('turns scanned-comic PDFs into chapters of their series with every page at reading width', async () => {
    const harbor = await work('Paper Harbor');
    expect(harbor).toMatchObject({ type: 0, chapter_count: 2, summary: 'A harbour made of paper.' });
    expect((await chaptersOf(harbor.id)).map((c) => [c.number, c.title, c.page_count])).toEqual([
      ['1', 'Ch.1', 3],
      ['2', 'Ch.2', 2],
    ]);
    const wide = await pageRows('Paper Harbor c001.pdf');
    expect(wide.map((p) => [p.width, p.height])).toEqual([
      [1080, 1620],
      [1080, 1620],
      [1080, 1620],
    ]);
    expect(wide.every((p) => /^lib\/[0-9a-f/]+_xfile\.webp$/.test(p.media_key))).toBe(true);
    const decoded = await sharp(await storedImage(wide[0]!.media_key)).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['webp', 1080, 1620]);
    expect(harbor.cover_key).toMatch(/^lib\/.+_xfile\.(webp|jpg)$/);
    const authors = await ctx.db
      .selectFrom('work_authors')
      .innerJoin('authors', 'authors.id', 'work_authors.author_id')
      .select(['authors.name', 'work_authors.role'])
      .where('work_authors.work_id', '=', harbor.id)
      .orderBy('work_authors.position')
      .execute();
    expect(authors).toEqual([
      { name: 'Lin Qiu', role: 'author' },
      { name: 'Rae Tan', role: 'author' },
    ]);
  });

  it('shows a PDF chapter in the comic reader: its pages in order, each fetched and decoded at reading width', async () => {
    const client = createTestClient(ctx);
    const session = await client.initGuest();
    const [first] = await chaptersOf((await work('Paper Harbor')).id);
    const result = await client.call<{ pages: { url: string; width: number; height: number }[] }>(
      '/v3/comic/read',
      { chapter_id: first!.id },
      { session },
    );
    expect(result.code).toBe(1);
    const { pages } = result.data!;
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [1080, 1620],
      [1080, 1620],
      [1080, 1620],
    ]);
    const response = await ctx.app.inject({ method: 'GET', url: pages[2]!.url });
    expect(response.statusCode).toBe(200);
    const decoded = Buffer.from(xorBytes(response.rawPayload, ctx.config.imageXorKey));
    expect(await sharp(decoded).metadata()).toMatchObject({ format: 'webp', width: 1080, height: 1620 });
  });

  it('keeps a scanned page that is already reading size byte for byte', async () => {
    const narrow = await pageRows('Paper Harbor c002.pdf');
    expect(narrow.map((p) => [p.width, p.height])).toEqual([
      [900, 1350],
      [900, 1350],
    ]);
    expect(narrow[0]!.media_key).toMatch(/_xfile\.jpg$/);
    const doc = await PdfDocument.open(join(lib, 'comics/Paper Harbor/Paper Harbor c002.pdf'));
    try {
      const original = await doc.page(1, 1080);
      expect(original.type).toBe('jpeg');
      if (original.type === 'jpeg') expect(await storedImage(narrow[1]!.media_key)).toEqual(original.bytes);
    } finally {
      doc.close();
    }
  });

  it('renders text and vector pages, under novels/ or loose, as a paged work', async () => {
    const book = await work('Quiet Night');
    expect(book).toMatchObject({ type: 0, chapter_count: 1 });
    const pages = await pageRows('Quiet Night.pdf');
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [1080, 1529],
      [1080, 1529],
    ]);
    // The page is drawn, not blank: dark text pixels on the paper below the blue band.
    const { data, info } = await sharp(await storedImage(pages[0]!.media_key))
      .extract({ left: 0, top: 150, width: 1080, height: 200 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1080);
    expect(data.some((v) => v < 80)).toBe(true);
    expect(data.filter((v) => v > 240).length).toBeGreaterThan(data.length / 2);

    const ink = await work('Loose Ink');
    expect((await chaptersOf(ink.id)).map((c) => c.page_count)).toEqual([2]);
    expect((await pageRows('Loose Ink c001.pdf')).map((p) => [p.width, p.height])).toEqual([
      [1080, 1620],
      [1080, 1620],
    ]);
  });

  it('refuses encrypted, cut-off, fake and oversized PDFs (and a page too large to draw) with a reason, writing nothing for them', async () => {
    const failed = Object.fromEntries(summary.failed.map((f) => [f.path, f.reason]));
    expect(failed).toEqual({
      'comics/Locked c001.pdf': 'password-protected PDF',
      'comics/Cut c001.pdf': 'truncated PDF: the file ends before its %%EOF marker',
      'comics/Fake c001.pdf': 'not a PDF: no %PDF- header',
      'comics/Huge c001.pdf': 'PDF has 41 pages, over the 40 page limit',
      'anime/Signal Garden/booklet.pdf': 'unsupported file type: .pdf (in an anime folder)',
      'comics/Tall c001.pdf::page 2': '1080×216000 pixels is over the 5400000 pixel limit',
    });
    // The pages around the one left out are imported.
    expect((await chaptersOf((await work('Tall')).id)).map((c) => c.page_count)).toEqual([2]);
    const titles = (await ctx.db.selectFrom('works').select('title').execute()).map((w) => w.title).sort();
    expect(titles).toEqual(['Loose Ink', 'Paper Harbor', 'Quiet Night', 'Restricted', 'Tall']);
    // Every stored object is named by a page or a cover: nothing half-written is left behind.
    const referenced = new Set(
      [
        ...(await ctx.db.selectFrom('pages').select('media_key as k').execute()),
        ...(await ctx.db.selectFrom('chapter_media').select('media_key as k').execute()),
        ...(await ctx.db.selectFrom('works').select('cover_key as k').where('cover_key', '!=', '').execute()),
      ].map((r) => r.k),
    );
    const stored: string[] = [];
    for await (const key of ctx.app.media.keys()) if (key.startsWith('lib/')) stored.push(key);
    expect(stored.sort()).toEqual([...referenced].sort());
    expect(summary.pages).toMatchObject({ added: 3 + 2 + 2 + 2 + 1 + 2, failed: 1 });
  });

  it('opens nothing again on an unchanged library', async () => {
    const again = await importInto(ctx, lib, { pdfLimits: limits });
    expect(again.files.imported).toBe(0);
    // Refused files are tried again; a page left out of an imported file is not (the file is not reopened).
    const refusedFiles = summary.failed.map((f) => f.path).filter((path) => !path.includes('::'));
    expect(again.failed.map((f) => f.path).sort()).toEqual(refusedFiles.sort());
  });
});
