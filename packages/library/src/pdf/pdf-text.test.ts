import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectKindByContent } from '../scan/kind-detector.js';
import { tempDir } from '../testing/fixtures.js';
import { buildPdf, type PdfBuildOptions, type PdfPageSpec } from '../testing/pdf-builder.js';
import { PdfDocument } from './pdf-document.js';
import { textChapters, textProblem, type PdfPageText } from './pdf-text.js';

const tmp = tempDir('dm51-pdf-text-');
afterAll(() => tmp.cleanup());

const para = (n: number) =>
  `Paragraph ${n} begins here, and the river keeps running under the old stone bridge while extraordinarily patient herons watch the water for silver fish in the morning light.`;

let counter = 0;
async function read(pages: PdfPageSpec[], options: PdfBuildOptions = {}) {
  const path = join(tmp.dir, `book-${++counter}.pdf`);
  writeFileSync(path, await buildPdf(pages, options));
  const doc = await PdfDocument.open(path);
  try {
    const texts = Array.from({ length: doc.pageCount }, (_, i) => doc.text(i));
    return { path, texts, outline: doc.outline() };
  } finally {
    doc.close();
  }
}

describe('text of typeset PDFs', () => {
  it('gives back the paragraphs as written: headers, page numbers and line-end hyphens gone, page breaks mended', async () => {
    const cut = 'The last paragraph of this page runs on past the bottom of the page and';
    const { path, texts, outline } = await read([
      {
        type: 'prose',
        header: 'Quiet Night',
        paragraphs: ['Chapter 1', para(1), para(2), cut],
        pageNumber: 1,
      },
      { type: 'prose', header: 'Quiet Night', paragraphs: ['carries on over here.', para(3)], pageNumber: 2 },
      { type: 'prose', header: 'Quiet Night', paragraphs: ['Chapter 2', para(4)], pageNumber: 3 },
      { type: 'prose', header: 'Quiet Night', paragraphs: [para(5), para(6)], pageNumber: 4 },
    ]);
    expect(textProblem(texts)).toBeNull();
    expect(outline).toEqual([]);
    const chapters = textChapters(texts, outline, 'Quiet Night');
    expect(chapters.map((c) => [c.title, c.text.split('\n')])).toEqual([
      ['Chapter 1', [para(1), para(2), `${cut} carries on over here.`, para(3)]],
      ['Chapter 2', [para(4), para(5), para(6)]],
    ]);
    // The wrapped text did hyphenate a word at a line end, which came back whole.
    expect(para(1)).toContain('extraordinarily');
    expect(await detectKindByContent(path)).toBe('novel');
  });

  it('takes chapters from the bookmarks when there are some, front matter first', async () => {
    const { texts, outline } = await read(
      [
        {
          type: 'prose',
          paragraphs: [
            'A Book of Rivers',
            'For everyone who ever stood on a bridge and watched the water going by, slowly and without a care in the world, year after year after year.',
          ],
          // Front matter numbered in roman numerals: a page number all the same.
          pageNumber: 'iv',
        },
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
    expect(outline).toEqual([
      { title: 'The Source', page: 1 },
      { title: 'The Delta', page: 3 },
    ]);
    const chapters = textChapters(texts, outline, 'Rivers');
    expect(chapters.map((c) => [c.title, c.text.split('\n').length])).toEqual([
      ['Preface', 2],
      ['The Source', 3],
      ['The Delta', 2],
    ]);
  });

  it('says why a PDF is not a text book: pictures, too little text, glyphs with no meaning', async () => {
    const scans = await read([
      { type: 'jpeg', size: [300, 450] },
      { type: 'jpeg', size: [300, 450] },
    ]);
    expect(textProblem(scans.texts)).toBe('pages are pictures, not text');
    const captions = await read([
      { type: 'text', lines: ['The harbour lights went out one by one.'] },
      { type: 'text', lines: ['And then the whole town slept until noon.'] },
    ]);
    expect(textProblem(captions.texts)).toBe('too little text per page');
    const page = (chars: number, letters: number, bad: number): PdfPageText => ({
      paragraphs: ['x'],
      chars,
      letters,
      bad,
      imageCover: 0,
    });
    expect(textProblem([page(1000, 950, 40), page(1000, 950, 0)])).toBe('the text does not extract cleanly');
    expect(textProblem([page(1000, 400, 0), page(1000, 500, 0)])).toBe('the text does not extract cleanly');
    expect(textProblem([page(1000, 950, 2), page(1000, 900, 0)])).toBeNull();
  });
});
