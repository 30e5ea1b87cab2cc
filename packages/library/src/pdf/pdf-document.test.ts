import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectKindByContent } from '../scan/kind-detector.js';
import { refusal, tempDir } from '../testing/fixtures.js';
import { buildPdf, type PdfBuildOptions, type PdfPageSpec } from '../testing/pdf-builder.js';
import { PdfDocument } from './pdf-document.js';
import { DEFAULT_PDF_LIMITS } from './pdf-limits.js';

const tmp = tempDir('dm51-pdf-');
afterAll(() => tmp.cleanup());

let counter = 0;
async function pdfFile(pages: PdfPageSpec[], options: PdfBuildOptions = {}): Promise<string> {
  const path = join(tmp.dir, `doc-${++counter}.pdf`);
  writeFileSync(path, await buildPdf(pages, options));
  return path;
}

async function withPdf<T>(path: string, use: (doc: PdfDocument) => Promise<T>): Promise<T> {
  const doc = await PdfDocument.open(path);
  try {
    return await use(doc);
  } finally {
    doc.close();
  }
}

/** The RGB value at (x, y) of a raw rendered page. */
function pixel(image: { pixels: Buffer; width: number }, x: number, y: number): number[] {
  const at = (y * image.width + x) * 3;
  return [...image.pixels.subarray(at, at + 3)];
}

let scan: string;
let mixed: string;

beforeAll(async () => {
  scan = await pdfFile(
    [
      { type: 'jpeg', size: [1600, 2400] },
      { type: 'jpeg', size: [900, 1350] },
    ],
    {
      title: 'Microsoft Word - x.docx',
      author: 'Lin Qiu; Rae Tan',
      subject: 'A harbour.',
      keywords: 'sea, night',
    },
  );
  mixed = await pdfFile([
    { type: 'png', size: [800, 1200] },
    { type: 'text', lines: ['Chapter One', 'It was a dark and stormy night.'], points: [595, 842] },
  ]);
});

describe('PdfDocument', () => {
  it('reads the page count and the document information', async () => {
    await withPdf(scan, async (doc) => {
      expect(doc.pageCount).toBe(2);
      expect(doc.metadata).toEqual({
        title: 'Microsoft Word - x.docx',
        authors: ['Lin Qiu', 'Rae Tan'],
        subject: 'A harbour.',
        keywords: ['sea', 'night'],
        language: null,
      });
    });
  });

  it('hands over a scanned page as the JPEG the PDF stores, at its own size', async () => {
    await withPdf(scan, async (doc) => {
      const first = await doc.page(0, 1080);
      expect(first.type).toBe('jpeg');
      if (first.type !== 'jpeg') return;
      expect(first.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const meta = await sharp(first.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 2400]);
      // Forced through the renderer, the same page comes out at the reading width.
      const drawn = await doc.page(0, 1080, false);
      expect([drawn.type, drawn.width, drawn.height]).toEqual(['raw', 1080, 1620]);
    });
  });

  it('renders image and text pages at the reading width with the page aspect', async () => {
    await withPdf(mixed, async (doc) => {
      const image = await doc.page(0, 1080);
      expect([image.type, image.width, image.height]).toEqual(['raw', 1080, 1620]);
      const text = await doc.page(1, 720);
      expect([text.type, text.width, text.height]).toEqual(['raw', 720, Math.round((842 * 720) / 595)]);
      if (text.type !== 'raw') return;
      expect(text.pixels.length).toBe(720 * text.height * 3);
      // The blue band at the top of the page, white paper below it, and black text on the paper.
      expect(pixel(text, 360, 10)).toEqual([51, 102, 204]);
      expect(pixel(text, 700, 500)).toEqual([255, 255, 255]);
      const textRows = text.pixels.subarray(720 * 3 * 110, 720 * 3 * 200);
      expect(textRows.some((v) => v < 60)).toBe(true);
    });
  });

  it('draws a rotated scan as the PDF shows it, not as the upright JPEG it stores', async () => {
    const mupdf = await import('mupdf');
    const doc = new mupdf.PDFDocument(await buildPdf([{ type: 'jpeg', size: [800, 1200] }]));
    doc.findPage(0).put('Rotate', 90);
    const path = join(tmp.dir, 'rotated.pdf');
    writeFileSync(path, doc.saveToBuffer('').asUint8Array());
    doc.destroy();
    await withPdf(path, async (rotated) => {
      const page = await rotated.page(0, 1080);
      expect([page.type, page.width, page.height]).toEqual(['raw', 1080, 720]);
    });
  });

  it('opens a PDF that only restricts printing and copying (no password to open it)', async () => {
    const path = await pdfFile([{ type: 'text', lines: ['Open to read'] }], { ownerPassword: 'boss' });
    await withPdf(path, async (doc) => {
      expect(doc.pageCount).toBe(1);
      expect((await doc.page(0, 300)).type).toBe('raw');
    });
  });

  it('refuses a password-protected PDF', async () => {
    const path = await pdfFile([{ type: 'jpeg', size: [100, 150] }], { userPassword: 'secret' });
    const error = await refusal(PdfDocument.open(path));
    expect([error.code, error.reason]).toEqual(['encrypted', 'password-protected PDF']);
  });

  it('refuses a file that is not a PDF, a cut-off PDF and one with nothing readable', async () => {
    const notPdf = join(tmp.dir, 'not.pdf');
    writeFileSync(notPdf, 'PK\u0003\u0004 this is a zip, honest');
    expect((await refusal(PdfDocument.open(notPdf))).reason).toBe('not a PDF: no %PDF- header');

    const whole = await buildPdf([
      { type: 'jpeg', size: [800, 1200] },
      { type: 'jpeg', size: [800, 1200], hue: 5 },
    ]);
    const cut = join(tmp.dir, 'cut.pdf');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const truncated = await refusal(PdfDocument.open(cut));
    expect(truncated.code).toBe('corrupt');
    expect(truncated.reason).toMatch(/truncated PDF/);

    const junk = join(tmp.dir, 'junk.pdf');
    writeFileSync(junk, '%PDF-1.7\nnothing else at all\n%%EOF\n');
    const broken = await refusal(PdfDocument.open(junk));
    expect(['corrupt', 'no-content']).toContain(broken.code);
    expect(broken.reason).toMatch(/broken PDF|no pages/);
  });

  it('refuses PDFs over the size or page limits before rendering anything, and pages over the pixel limit', async () => {
    const path = await pdfFile([
      { type: 'text', lines: ['one'] },
      { type: 'text', lines: ['two'], points: [100, 20_000] },
      { type: 'text', lines: ['three'] },
    ]);
    const size = await refusal(PdfDocument.open(path, { ...DEFAULT_PDF_LIMITS, maxBytes: 500 }));
    expect(size.code).toBe('limit');
    expect(size.reason).toMatch(/^PDF too large: \d+ bytes is over the 500 byte limit$/);
    const pages = await refusal(PdfDocument.open(path, { ...DEFAULT_PDF_LIMITS, maxPages: 2 }));
    expect([pages.code, pages.reason]).toEqual(['limit', 'PDF has 3 pages, over the 2 page limit']);

    const doc = await PdfDocument.open(path, { ...DEFAULT_PDF_LIMITS, maxPagePixels: 1080 * 5_000 });
    try {
      // 842 pt × 1080/595 = 1528.3: the partial row is drawn too.
      expect((await doc.page(0, 1080)).height).toBe(1529);
      const tall = await refusal(doc.page(1, 1080));
      expect(tall.code).toBe('limit');
      expect(tall.reason).toBe('page 2: 1080×216000 pixels is over the 5400000 pixel limit');
      expect((await doc.page(2, 1080)).type).toBe('raw');
    } finally {
      doc.close();
    }
  });
});

describe('detectKindByContent', () => {
  it('reads a PDF as a comic (its pages are images), whatever its name', async () => {
    const named = join(tmp.dir, 'scan.bin');
    writeFileSync(named, await buildPdf([{ type: 'jpeg', size: [60, 90] }]));
    expect(await detectKindByContent(named)).toBe('comic');
    expect(await detectKindByContent(mixed)).toBe('comic');
  });
});
