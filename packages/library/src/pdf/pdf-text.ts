/**
 * Text of typeset PDFs, for books that read better as reflowed novel chapters than as pictures of
 * A4 pages on a phone. MuPDF's structured text gives blocks of lines with their boxes; lines are
 * joined into paragraphs (a new one at a first-line indent or after a line that stops short),
 * hyphenation at line ends is undone, and running headers, footers and page numbers (the same
 * first or last line on many pages, digits aside) are dropped.
 *
 * A document only counts as text when it extracts cleanly: nearly every page has text and no
 * big picture, and the characters are real letters rather than the unmapped glyph codes a PDF
 * without a Unicode table yields. Anything else is rendered as pages.
 */
import type { Page, Point, Quad, Rect } from 'mupdf';
import type * as Mupdf from 'mupdf';
import { splitChapters, type TxtChapter } from '../novels/txt-reader.js';

export interface PdfPageText {
  paragraphs: string[];
  /** Characters that are not white space. */
  chars: number;
  /** Of those, letters or digits of any script. */
  letters: number;
  /** Replacement characters, private-use and control codes: glyphs with no Unicode meaning. */
  bad: number;
  /** Share of the page area covered by pictures. */
  imageCover: number;
}

interface Line {
  x0: number;
  x1: number;
  text: string;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
/** Replacement, private-use and control characters (other than white space). */
function isBad(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff) || (code < 0x20 && !/\s/.test(c));
}
const LETTER = /[\p{L}\p{N}]/u;

/** Joins a line onto the text before it: no space in CJK, a line-end hyphen undone before a lower-case letter. */
function joinLine(text: string, line: string): string {
  if (text === '') return line;
  if (/[a-z]-$/.test(text) && /^[a-z]/.test(line)) return text.slice(0, -1) + line;
  if (CJK.test(text.at(-1) ?? '') || CJK.test(line[0] ?? '')) return text + line;
  return `${text} ${line}`;
}

/** Paragraphs of one text block: a new paragraph at an indented line or after a short line. */
function blockParagraphs(lines: Line[]): string[] {
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  const width = right - left;
  const paragraphs: string[] = [];
  let current = '';
  let previous: Line | null = null;
  for (const line of lines) {
    const indented = line.x0 - left > Math.max(6, width * 0.02);
    const afterShort = previous !== null && previous.x1 < right - width * 0.15;
    if (current !== '' && (indented || afterShort)) {
      paragraphs.push(current);
      current = '';
    }
    current = joinLine(current, line.text);
    previous = line;
  }
  if (current !== '') paragraphs.push(current);
  return paragraphs;
}

export function pageText(page: Page): PdfPageText {
  const [px0, py0, px1, py1] = page.getBounds();
  const pageArea = Math.max(1, (px1 - px0) * (py1 - py0));
  const stext = page.toStructuredText('preserve-images');
  const paragraphs: string[] = [];
  let imageArea = 0;
  let chars = 0;
  let letters = 0;
  let bad = 0;
  let lines: Line[] = [];
  let line: Line | null = null;
  try {
    stext.walk({
      onImageBlock(bbox: Rect) {
        imageArea += Math.max(0, bbox[2] - bbox[0]) * Math.max(0, bbox[3] - bbox[1]);
      },
      beginTextBlock() {
        lines = [];
      },
      beginLine(bbox: Rect) {
        line = { x0: bbox[0], x1: bbox[2], text: '' };
      },
      onChar(c: string, _origin: Point, _font: Mupdf.Font, _size: number, _quad: Quad) {
        if (!line) return;
        line.text += c;
        if (/\s/.test(c)) return;
        chars += 1;
        if (LETTER.test(c)) letters += 1;
        else if (isBad(c)) bad += 1;
      },
      endLine() {
        if (line) {
          line.text = line.text.replace(/[\s\u3000]+/g, ' ').trim();
          if (line.text !== '') lines.push(line);
        }
        line = null;
      },
      endTextBlock() {
        if (lines.length > 0) paragraphs.push(...blockParagraphs(lines));
      },
    });
  } finally {
    stext.destroy();
  }
  return { paragraphs, chars, letters, bad, imageCover: Math.min(1, imageArea / pageArea) };
}

/** Why the document is not a clean text book, or null when it is. */
export function textProblem(pages: PdfPageText[]): string | null {
  const textPages = pages.filter((p) => p.chars >= 20 && p.imageCover < 0.1);
  // A cover, a frontispiece or a blank page or two are fine; a picture on every page is not a novel.
  if (textPages.length < Math.max(1, Math.ceil(pages.length * 0.9))) return 'pages are pictures, not text';
  const chars = textPages.reduce((n, p) => n + p.chars, 0);
  if (chars / textPages.length < 200) return 'too little text per page';
  const bad = textPages.reduce((n, p) => n + p.bad, 0);
  const letters = textPages.reduce((n, p) => n + p.letters, 0);
  if (bad / chars > 0.01 || letters / chars < 0.6) return 'the text does not extract cleanly';
  return null;
}

/** 12, - 12 -, Page 12, 12 / 300, 12 of 300, 第12页, and the roman numbers of front matter (xiv). */
const PAGE_NUMBER =
  /^(?:[-–—([]?\s*)?(?:page\s*)?\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?(?:\s*[-–—)\]])?$|^第\s*\d+\s*页$|^[ivxlc]{1,7}$/i;

/** Running headers and footers are a title or a chapter name, never a paragraph of prose. */
const RUNNING_MAX_CHARS = 100;

/**
 * Every page's paragraphs without running headers and footers: a short first or last paragraph
 * that (digits aside) recurs on at least a third of the pages, or is just a page number.
 */
export function bodyParagraphs(pages: PdfPageText[]): string[][] {
  const shape = (text: string) => text.replace(/\d+/g, '#').toLowerCase();
  const counts = new Map<string, number>();
  for (const page of pages) {
    const ends = new Set([page.paragraphs[0], page.paragraphs.at(-1)].filter((p): p is string => !!p));
    for (const end of ends) counts.set(shape(end), (counts.get(shape(end)) ?? 0) + 1);
  }
  const running = (text: string) =>
    PAGE_NUMBER.test(text) ||
    (text.length <= RUNNING_MAX_CHARS &&
      pages.length >= 4 &&
      (counts.get(shape(text)) ?? 0) >= pages.length / 3);
  return pages.map((page) =>
    page.paragraphs.filter((p, i) => !((i === 0 || i === page.paragraphs.length - 1) && running(p))),
  );
}

/**
 * The book's text, one paragraph a line, with a paragraph cut by a page break joined again
 * (the page ends mid-sentence and the next one goes on in lower case or in CJK).
 */
export function joinPages(pages: string[][]): string {
  const out: string[] = [];
  for (const paragraphs of pages) {
    for (const [i, paragraph] of paragraphs.entries()) {
      const last = out.at(-1);
      const continues =
        i === 0 &&
        last !== undefined &&
        !/[.!?。！？…"”’」』)）:：]$/.test(last) &&
        (/^[a-z]/.test(paragraph) || (CJK.test(last.at(-1) ?? '') && CJK.test(paragraph[0] ?? '')));
      if (continues) out[out.length - 1] = joinLine(last, paragraph);
      else out.push(paragraph);
    }
  }
  return out.join('\n');
}

/**
 * The chapters of a text book: one per top-level bookmark when the PDF has at least two (pages
 * before the first are its front matter), else split on heading lines like a TXT novel.
 */
export function textChapters(
  pages: PdfPageText[],
  outline: { title: string; page: number }[],
  fallbackTitle: string,
): TxtChapter[] {
  const body = bodyParagraphs(pages);
  const starts = outline.filter((item, i) => i === 0 || item.page > outline[i - 1]!.page);
  if (starts.length < 2) return splitChapters(joinPages(body), fallbackTitle);
  const chapters: TxtChapter[] = [];
  const front = joinPages(body.slice(0, starts[0]!.page)).trim();
  if (front !== '') {
    const cjk = CJK.test(front.slice(0, 2000));
    chapters.push({ index: 0, title: cjk ? '序' : 'Preface', volume: null, text: front });
  }
  for (const [i, start] of starts.entries()) {
    const end = starts[i + 1]?.page ?? pages.length;
    chapters.push({
      index: chapters.length,
      title: start.title,
      volume: null,
      text: joinPages(body.slice(start.page, end)),
    });
  }
  return chapters;
}
