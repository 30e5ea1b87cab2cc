/**
 * A PDF → one paged chapter, like a comic archive: each page is either the JPEG a scanned comic
 * stores for it (kept as it is when it is no wider than the reading width) or the page rendered
 * by MuPDF at the reading width and encoded like every other page. A page that cannot be drawn
 * is left out with a reason; a document with no page left, or one that is password-protected,
 * broken, truncated or over the limits, is refused whole before anything is committed.
 *
 * Outside the comics folder, a typeset book whose text extracts cleanly becomes a novel instead:
 * its text reflowed into chapters (bookmarks, else heading lines), its first page as the cover.
 * See ARCHITECTURE "PDF import".
 */
import {
  DEFAULT_PDF_LIMITS,
  LibraryError,
  PdfDocument,
  parseName,
  textChapters,
  textProblem,
  type PdfMetadata,
  type PdfPageImage,
  type PdfPageText,
} from '@dm51/library';
import type { PrepareContext } from './comic-preparer.js';
import type { FileMeta, PreparedFile, PreparedPage, StoredImage } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';
import type { MediaWriter } from './media-renditions.js';
import { novelFromText } from './novel-preparer.js';
import { chapterTitle, cleanSeriesName, stemOf, workKeyFor } from './work-naming.js';
import { emptyFileMeta } from './work-metadata.js';

export function isPdfPath(path: string): boolean {
  return /\.pdf$/i.test(path);
}

function pdfMeta(info: PdfMetadata): FileMeta {
  return {
    ...emptyFileMeta(),
    // The document Title is left out on purpose: writers fill it with file names such as
    // "Microsoft Word - draft3.docx" far more often than with the book's name.
    summary: info.subject,
    authors: info.authors.map((name) => ({ name, role: 'author' })),
    tags: info.keywords,
    language: info.language,
  };
}

function store(writer: MediaWriter, image: PdfPageImage): Promise<StoredImage> {
  return image.type === 'jpeg' ? writer.putPage(image.bytes) : writer.putRawPage(image);
}

function storeCover(writer: MediaWriter, image: PdfPageImage): Promise<StoredImage> {
  return image.type === 'jpeg' ? writer.putCover(image.bytes) : writer.putRawCover(image);
}

/** Pages looked at first to tell a typeset book from pictures (as the kind detector does). */
const SAMPLE_PAGES = 12;

/** Every page's text, or null when a page's text cannot be read (the PDF is rendered then). */
function allText(doc: PdfDocument): PdfPageText[] | null {
  const pages: PdfPageText[] = [];
  for (let i = 0; i < doc.pageCount; i++) {
    try {
      pages.push(doc.text(i));
    } catch {
      return null;
    }
  }
  return pages;
}

async function prepareTextBook(
  unit: LibraryUnit,
  ctx: PrepareContext,
  doc: PdfDocument,
  pages: PdfPageText[],
): Promise<PreparedFile> {
  const meta = pdfMeta(doc.metadata);
  try {
    const first = await doc.page(0, ctx.writer.pageWidth);
    meta.cover = await storeCover(ctx.writer, first);
  } catch (error) {
    // A book without a drawable first page still reads; it just has no cover.
    if (!(error instanceof LibraryError)) throw error;
  }
  const title = stemOf(unit.rel);
  const prepared = novelFromText(unit, title, textChapters(pages, doc.outline(), title), meta);
  return { ...prepared, media: ctx.writer.written };
}

/**
 * One PDF open at a time per thread: MuPDF's wasm heap (2 GiB at most) is shared by the whole
 * thread, and each open PDF holds its file there. The other import lanes go on with other files.
 */
let pdfTurn: Promise<void> = Promise.resolve();

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const previous = pdfTurn;
  let release!: () => void;
  pdfTurn = new Promise((resolve) => (release = resolve));
  await previous;
  try {
    return await work();
  } finally {
    release();
  }
}

export function preparePdf(unit: LibraryUnit, ctx: PrepareContext): Promise<PreparedFile> {
  return oneAtATime(() => preparePdfNow(unit, ctx));
}

async function preparePdfNow(unit: LibraryUnit, ctx: PrepareContext): Promise<PreparedFile> {
  const doc = await PdfDocument.open(unit.abs, ctx.pdfLimits ?? DEFAULT_PDF_LIMITS);
  try {
    // The first pages settle most documents (a scanned comic fails at once); a book is then read whole.
    if (unit.layoutKind !== 'comic' && doc.textProblem(SAMPLE_PAGES) === null) {
      const pages = allText(doc);
      if (pages && textProblem(pages) === null) return await prepareTextBook(unit, ctx, doc, pages);
    }
    const width = ctx.writer.pageWidth;
    const failedEntries: PreparedFile['failedEntries'] = [];
    const pages: PreparedPage[] = [];
    let cover: PdfPageImage | null = null;

    const leaveOut = (index: number, error: LibraryError) => {
      failedEntries.push({ entry: `page ${index + 1}`, reason: error.reason.replace(/^page \d+: /, '') });
    };
    const keep = async (index: number, image: PdfPageImage) => {
      let stored: StoredImage;
      try {
        stored = await store(ctx.writer, image);
      } catch (error) {
        if (image.type !== 'jpeg') throw error;
        // A stored JPEG that sharp cannot decode may still be drawable by MuPDF's own decoder.
        image = await doc.page(index, width, false);
        stored = await store(ctx.writer, image);
      }
      pages.push({ index: pages.length, ...stored });
      cover ??= image;
    };

    // MuPDF draws page i+1 while sharp (on libvips threads) encodes page i. The encoding never
    // rejects (an unexpected error is its value), so nothing is left unhandled while we draw.
    let encoding: Promise<unknown> = Promise.resolve(null);
    const settle = async () => {
      const unexpected = await encoding;
      if (unexpected) throw unexpected;
    };
    for (let index = 0; index < doc.pageCount; index++) {
      let image: PdfPageImage;
      try {
        image = await doc.page(index, width);
      } catch (error) {
        if (!(error instanceof LibraryError)) throw error;
        leaveOut(index, error);
        continue;
      }
      await settle();
      encoding = keep(index, image).then(
        () => null,
        (error: unknown) => {
          if (!(error instanceof LibraryError)) return error;
          leaveOut(index, error);
          return null;
        },
      );
    }
    await settle();
    // An encoding failure is recorded after the drawing failures of later pages: back in page order.
    const pageNumber = (entry: string) => Number(entry.slice('page '.length));
    failedEntries.sort((a, b) => pageNumber(a.entry) - pageNumber(b.entry));

    if (pages.length === 0) {
      throw new LibraryError(
        'no-content',
        `no readable page (${failedEntries
          .slice(0, 3)
          .map((f) => `${f.entry}: ${f.reason}`)
          .join('; ')})`,
      );
    }
    const meta = pdfMeta(doc.metadata);
    if (cover) meta.cover = await storeCover(ctx.writer, cover);

    const parsed = parseName(unit.rel);
    const series = cleanSeriesName(parsed.series ?? stemOf(unit.rel));
    const volume = parsed.volume ?? '';
    const number = parsed.chapter ?? '';
    return {
      kind: 'comic',
      workKey: workKeyFor(unit, 'comic', series),
      fallbackTitle: series,
      meta,
      chapters: [
        {
          sourcePath: unit.rel,
          number,
          volume,
          title: chapterTitle('comic', volume, number, stemOf(unit.rel)),
          special: parsed.special === true,
          pages,
          novel: null,
          video: null,
          durationS: 0,
          extraMedia: meta.cover ? [meta.cover.key] : [],
        },
      ],
      media: ctx.writer.written,
      skipped: [],
      failedEntries,
    };
  } finally {
    doc.close();
  }
}
