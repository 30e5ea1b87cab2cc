/**
 * A PDF opened for import: refused up front when it is not a PDF, password-protected, truncated
 * or over the limits; then read one page at a time, each page either the JPEG it stores (a
 * scanned comic page) or rendered by MuPDF at the reading width as raw RGB pixels for the caller
 * to encode. MuPDF runs synchronously in this thread: the server calls it from its import worker.
 */
import { readFile, stat } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import sharp from 'sharp';
import { LibraryError, errorMessage } from '../errors.js';
import { loadMupdf } from './mupdf-module.js';
import { DEFAULT_PDF_LIMITS, type PdfLimits } from './pdf-limits.js';
import { wholePageJpeg } from './pdf-page-image.js';
import { pageText, textProblem, type PdfPageText } from './pdf-text.js';

export interface PdfMetadata {
  title: string | null;
  authors: string[];
  subject: string | null;
  keywords: string[];
  language: string | null;
}

export type PdfPageImage =
  /** The page's own JPEG, byte for byte. */
  | { type: 'jpeg'; bytes: Buffer; width: number; height: number }
  /** The page rendered at the asked width: packed RGB, `width * 3` bytes a row. */
  | { type: 'raw'; pixels: Buffer; width: number; height: number; channels: 3 };

const HEAD_BYTES = 1024;
const TAIL_BYTES = 2048;

/** `%PDF-` must start within the first kilobyte (some writers put junk before it). */
export function isPdfHead(head: Buffer): boolean {
  return head.subarray(0, HEAD_BYTES).includes('%PDF-', 0, 'latin1');
}

function splitList(value: string | undefined, separators: RegExp): string[] {
  return (value ?? '')
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);
}

export class PdfDocument {
  private constructor(
    private readonly mupdf: typeof Mupdf,
    private readonly doc: Mupdf.Document,
    readonly pageCount: number,
    readonly metadata: PdfMetadata,
    private readonly limits: PdfLimits,
  ) {}

  static async open(path: string, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<PdfDocument> {
    const size = (await stat(path)).size;
    if (size > limits.maxBytes) {
      throw new LibraryError(
        'limit',
        `PDF too large: ${size} bytes is over the ${limits.maxBytes} byte limit`,
      );
    }
    const bytes = await readFile(path);
    if (!isPdfHead(bytes)) throw new LibraryError('invalid', 'not a PDF: no %PDF- header');
    const mupdf = await loadMupdf();
    let doc: Mupdf.Document;
    try {
      doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    } catch (error) {
      throw new LibraryError('corrupt', `broken PDF: ${errorMessage(error)}`, { cause: error });
    }
    try {
      if (doc.needsPassword()) throw new LibraryError('encrypted', 'password-protected PDF');
      const pdf = doc.asPDF();
      // MuPDF rebuilds a damaged cross-reference table from the objects it finds. A file that
      // also lost its end is a cut-off copy whose missing pages would come out blank: refused.
      const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).toString('latin1');
      if (pdf?.wasRepaired() && !tail.includes('%%EOF')) {
        throw new LibraryError('corrupt', 'truncated PDF: the file ends before its %%EOF marker');
      }
      let pageCount: number;
      try {
        pageCount = doc.countPages();
      } catch (error) {
        throw new LibraryError('corrupt', `broken PDF: ${errorMessage(error)}`, { cause: error });
      }
      if (pageCount === 0) throw new LibraryError('no-content', 'PDF has no pages');
      if (pageCount > limits.maxPages) {
        throw new LibraryError('limit', `PDF has ${pageCount} pages, over the ${limits.maxPages} page limit`);
      }
      const meta = (key: string) => doc.getMetaData(key)?.trim() || null;
      const metadata: PdfMetadata = {
        title: meta('info:Title'),
        authors: splitList(doc.getMetaData('info:Author'), /[;,&、]|\band\b/),
        subject: meta('info:Subject'),
        keywords: splitList(doc.getMetaData('info:Keywords'), /[;,]/),
        language: pdf?.getLanguage() || null,
      };
      return new PdfDocument(mupdf, doc, pageCount, metadata, limits);
    } catch (error) {
      doc.destroy();
      throw error;
    }
  }

  /**
   * Page `index` (0-based) at `width` pixels: its stored JPEG when the page is one plain JPEG and
   * `preferStored`, else rendered. Refuses (LibraryError) a page that cannot be drawn or whose
   * rendering would break the pixel limit; other pages stay readable.
   */
  async page(index: number, width: number, preferStored = true): Promise<PdfPageImage> {
    const label = `page ${index + 1}`;
    let page: Mupdf.Page;
    try {
      page = this.doc.loadPage(index);
    } catch (error) {
      throw new LibraryError('corrupt', `${label}: ${errorMessage(error)}`, { cause: error });
    }
    try {
      if (preferStored) {
        const stored = wholePageJpeg(this.mupdf, page);
        if (stored && (await isUprightJpeg(stored.bytes, stored.width, stored.height))) {
          return { type: 'jpeg', ...stored };
        }
      }
      return this.render(page, width, label);
    } catch (error) {
      if (error instanceof LibraryError) throw error;
      throw new LibraryError('corrupt', `${label}: ${errorMessage(error)}`, { cause: error });
    } finally {
      page.destroy();
    }
  }

  private render(page: Mupdf.Page, width: number, label: string): PdfPageImage {
    const [x0, y0, x1, y1] = page.getBounds();
    const pageWidth = x1 - x0;
    const pageHeight = y1 - y0;
    if (!(pageWidth > 0 && pageHeight > 0)) throw new LibraryError('invalid', `${label}: empty page box`);
    const scale = width / pageWidth;
    const height = Math.round(pageHeight * scale);
    if (width * height > this.limits.maxPagePixels) {
      throw new LibraryError(
        'limit',
        `${label}: ${width}×${height} pixels is over the ${this.limits.maxPagePixels} pixel limit`,
      );
    }
    const pixmap = page.toPixmap(
      this.mupdf.Matrix.scale(scale, scale),
      this.mupdf.ColorSpace.DeviceRGB,
      false,
      true,
    );
    try {
      const w = pixmap.getWidth();
      const h = pixmap.getHeight();
      const stride = pixmap.getStride();
      const source = pixmap.getPixels();
      const pixels = Buffer.alloc(w * h * 3);
      // Copy out of the wasm heap (rows may be padded), which the next page reuses.
      for (let row = 0; row < h; row++) {
        pixels.set(source.subarray(row * stride, row * stride + w * 3), row * w * 3);
      }
      return { type: 'raw', pixels, width: w, height: h, channels: 3 };
    } finally {
      pixmap.destroy();
    }
  }

  /** The text of page `index` (0-based): paragraphs and how clean its characters are. */
  text(index: number): PdfPageText {
    let page: Mupdf.Page;
    try {
      page = this.doc.loadPage(index);
    } catch (error) {
      throw new LibraryError('corrupt', `page ${index + 1}: ${errorMessage(error)}`, { cause: error });
    }
    try {
      return pageText(page);
    } catch (error) {
      throw new LibraryError('corrupt', `page ${index + 1}: ${errorMessage(error)}`, { cause: error });
    } finally {
      page.destroy();
    }
  }

  /**
   * Whether the document reads as a text book (see pdf-text.ts), judged on its first `sample`
   * pages: the reason it does not, or null. Pages whose text cannot be read count as pictures.
   */
  textProblem(sample = Infinity): string | null {
    const pages: PdfPageText[] = [];
    for (let i = 0; i < Math.min(this.pageCount, sample); i++) {
      try {
        pages.push(this.text(i));
      } catch {
        pages.push({ paragraphs: [], chars: 0, letters: 0, bad: 0, imageCover: 1 });
      }
    }
    return textProblem(pages);
  }

  /** Top-level bookmarks that point at a page of this document, in document order. */
  outline(): { title: string; page: number }[] {
    try {
      return (this.doc.loadOutline() ?? [])
        .filter(
          (item) =>
            item.title?.trim() && item.page !== undefined && item.page >= 0 && item.page < this.pageCount,
        )
        .map((item) => ({ title: item.title!.trim().slice(0, 255), page: item.page! }));
    } catch {
      return [];
    }
  }

  close(): void {
    this.doc.destroy();
  }
}

/**
 * A JPEG whose header agrees with the PDF and carries no EXIF rotation (a PDF viewer ignores
 * EXIF, a browser applies it): otherwise the page is rendered so it looks as the PDF shows it.
 */
async function isUprightJpeg(bytes: Buffer, width: number, height: number): Promise<boolean> {
  try {
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    return (
      meta.format === 'jpeg' &&
      meta.width === width &&
      meta.height === height &&
      (meta.orientation ?? 1) === 1 &&
      (meta.channels === 3 || meta.channels === 1)
    );
  } catch {
    return false;
  }
}
