/**
 * Typeset PDF books become novels: their text reflowed into chapters the novel reader shows at
 * any size, rather than pictures of A4 pages on a phone. Under comics/ a PDF is always pages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildPdf, type PdfBuildOptions, type PdfPageSpec } from '@dm51/library/testing/pdf-builder';
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
const para = (n: number) =>
  `Paragraph ${n}: the river keeps running under the old stone bridge while extraordinarily patient herons watch the water for silver fish in the morning light.`;

async function writePdf(rel: string, pages: PdfPageSpec[], options: PdfBuildOptions = {}): Promise<void> {
  mkdirSync(dirname(join(lib, rel)), { recursive: true });
  writeFileSync(join(lib, rel), await buildPdf(pages, options));
}

async function textOf(chapterId: number) {
  return ctx.db
    .selectFrom('novel_texts')
    .selectAll()
    .where('chapter_id', '=', chapterId)
    .executeTakeFirstOrThrow();
}

const book = (header: string): PdfPageSpec[] => [
  { type: 'prose', header, paragraphs: ['Chapter 1', para(1), para(2)], pageNumber: 1 },
  { type: 'prose', header, paragraphs: [para(3), para(4)], pageNumber: 2 },
  { type: 'prose', header, paragraphs: ['Chapter 2', para(5)], pageNumber: 3 },
  { type: 'prose', header, paragraphs: [para(6), para(7)], pageNumber: 4 },
];

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-pdf-novel-lib-'));
  await writePdf('novels/Quiet River/Quiet River.pdf', book('Quiet River'), {
    author: 'June Park',
    subject: 'Herons, mostly.',
  });
  await writePdf(
    'Rivers.pdf',
    [
      { type: 'prose', paragraphs: ['A Book of Rivers', `${para(0)} ${para(0)}`] },
      { type: 'prose', paragraphs: [para(1), para(2)] },
      { type: 'prose', paragraphs: [para(3)] },
      { type: 'prose', paragraphs: [para(4), para(5)] },
    ],
    {
      outline: [
        { title: 'The Source', page: 1 },
        { title: 'The Delta', page: 3 },
      ],
    },
  );
  // The same kind of book under comics/: the layout says pages.
  await writePdf('comics/Paper Book/Paper Book c001.pdf', book('Paper Book'));
  summary = await importInto(ctx, lib);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('importing typeset PDF books', () => {
  it('makes a novel of a text PDF: chapters from its headings, paragraphs without headers or page numbers', async () => {
    expect(summary.failed).toEqual([]);
    const river = await work('Quiet River');
    expect(river).toMatchObject({ type: 1, chapter_count: 2, summary: 'Herons, mostly.' });
    expect(river.cover_key).toMatch(/^lib\/.+_xfile\.webp$/);
    const chapters = await chaptersOf(river.id);
    expect(chapters.map((c) => [c.number, c.title, c.page_count])).toEqual([
      ['1', 'Chapter 1', 0],
      ['2', 'Chapter 2', 0],
    ]);
    const first = await textOf(chapters[0]!.id);
    expect(first.text.split('\n')).toEqual([para(1), para(2), para(3), para(4)]);
    expect(first.html).toBe([1, 2, 3, 4].map((n) => `<p>${para(n)}</p>`).join('\n'));
    expect(first.text).not.toMatch(/Quiet River|^\d+$/m);
    expect(chapters[0]!.word_count).toBeGreaterThan(80);
  });

  it('shows a PDF novel chapter in the novel reader', async () => {
    const client = createTestClient(ctx);
    const session = await client.initGuest();
    const chapters = await chaptersOf((await work('Quiet River')).id);
    const result = await client.call<{ chapter: Record<string, unknown>; html: string; text: string }>(
      '/v3/book/read',
      { chapter_id: chapters[1]!.id },
      { session },
    );
    expect(result.code).toBe(1);
    expect(result.data!.html).toBe([5, 6, 7].map((n) => `<p>${para(n)}</p>`).join('\n'));
    expect(result.data!.chapter).toMatchObject({ prev_chapter_id: chapters[0]!.id });
  });

  it('takes the chapters of a loose PDF from its bookmarks', async () => {
    const rivers = await work('Rivers');
    expect(rivers.type).toBe(1);
    expect((await chaptersOf(rivers.id)).map((c) => c.title)).toEqual(['Preface', 'The Source', 'The Delta']);
  });

  it('keeps a text PDF under comics/ as pages', async () => {
    const paper = await work('Paper Book');
    expect(paper).toMatchObject({ type: 0, chapter_count: 1 });
    expect((await chaptersOf(paper.id)).map((c) => c.page_count)).toEqual([4]);
  });
});
