/**
 * Writes real PDFs for tests with MuPDF itself: scanned-comic pages (one JPEG over the page),
 * pages whose image is PNG-compressed, vector pages with text and shapes, metadata, and a user
 * password. No PDF from another project is needed to exercise every path of the reader.
 */
import sharp from 'sharp';
import { loadMupdf } from '../pdf/mupdf-module.js';

export type PdfPageSpec =
  /** A scanned page: one JPEG of `size` pixels drawn over a `points` page. */
  | { type: 'jpeg'; size: [number, number]; points?: [number, number]; hue?: number }
  /** The same, with the image stored Flate-compressed (as PNG-sourced scans are). */
  | { type: 'png'; size: [number, number]; points?: [number, number]; hue?: number }
  /** A typeset page: lines of text over a coloured band. */
  | { type: 'text'; lines: string[]; points?: [number, number] }
  /**
   * A page of a typeset book: a running header, paragraphs wrapped at `width` characters with
   * an indented first line (long words split with a hyphen at a line end), and a page number.
   */
  | { type: 'prose'; header?: string; paragraphs: string[]; pageNumber?: number | string; width?: number };

export interface PdfBuildOptions {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  /** Encrypt with this user password (the file cannot be opened without it). */
  userPassword?: string;
  /** Bookmarks: top-level outline items pointing at 0-based pages. */
  outline?: { title: string; page: number }[];
  /** Encrypt with only an owner password: anyone can open it, printing/copying is "restricted". */
  ownerPassword?: string;
}

function colour(hue: number): { r: number; g: number; b: number } {
  return { r: (hue * 67) % 256, g: (hue * 131 + 40) % 256, b: (hue * 29 + 90) % 256 };
}

/** A page image with some structure (a band per quarter), so encoders have something to do. */
async function pageImage(size: [number, number], hue: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const [width, height] = size;
  const band = await sharp({
    create: { width, height: Math.max(1, Math.floor(height / 4)), channels: 3, background: colour(hue + 7) },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: colour(hue) } }).composite([
    { input: band, top: Math.floor(height / 3), left: 0 },
  ]);
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

function escapeText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Words into lines of at most `width` characters; a word that would overflow is hyphenated. */
function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width) {
      line = candidate;
      continue;
    }
    const room = width - line.length - 2;
    if (room >= 3 && word.length >= 8) {
      lines.push(`${line} ${word.slice(0, room)}-`);
      line = word.slice(room);
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function proseContents(spec: {
  header?: string;
  paragraphs: string[];
  pageNumber?: number | string;
  width?: number;
}): string {
  const parts: string[] = ['BT /F1 11 Tf'];
  let y = 800;
  const show = (x: number, text: string) => parts.push(`1 0 0 1 ${x} ${y} Tm (${escapeText(text)}) Tj`);
  if (spec.header) {
    show(250, spec.header);
    y -= 30;
  }
  for (const paragraph of spec.paragraphs) {
    for (const [i, line] of wrap(paragraph, spec.width ?? 80).entries()) {
      show(i === 0 ? 76 : 56, line);
      y -= 14;
    }
  }
  if (spec.pageNumber !== undefined) {
    y = 40;
    show(290, String(spec.pageNumber));
  }
  parts.push('ET');
  return parts.join(' ');
}

export async function buildPdf(pages: PdfPageSpec[], options: PdfBuildOptions = {}): Promise<Buffer> {
  const mupdf = await loadMupdf();
  const doc = new mupdf.PDFDocument();
  try {
    for (const [i, spec] of pages.entries()) {
      if (spec.type === 'prose') {
        const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
        const resources = doc.addObject({ Font: { F1: font } });
        doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, proseContents(spec)));
        continue;
      }
      if (spec.type === 'text') {
        const [w, h] = spec.points ?? [595, 842];
        const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
        const resources = doc.addObject({ Font: { F1: font } });
        const lines = spec.lines.map((line) => `(${escapeText(line)}) Tj 0 -18 Td`).join(' ');
        const contents = `0.2 0.4 0.8 rg 0 ${h - 60} ${w} 60 re f 0 g BT /F1 14 Tf 56 ${h - 100} Td ${lines} ET`;
        doc.insertPage(-1, doc.addPage([0, 0, w, h], 0, resources, contents));
        continue;
      }
      const [w, h] = spec.points ?? [612, Math.round((612 * spec.size[1]) / spec.size[0])];
      const bytes = await pageImage(spec.size, spec.hue ?? i, spec.type);
      const image = doc.addImage(new mupdf.Image(bytes));
      const resources = doc.addObject({ XObject: { Im0: image } });
      doc.insertPage(-1, doc.addPage([0, 0, w, h], 0, resources, `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`));
    }
    if (options.outline) {
      const outline = doc.outlineIterator();
      for (const item of options.outline) {
        const uri = doc.formatLinkURI({
          type: 'Fit',
          chapter: 0,
          page: item.page,
          x: 0,
          y: 0,
          width: 0,
          height: 0,
          zoom: 0,
        });
        outline.insert({ title: item.title, uri, open: true });
        outline.next();
      }
    }
    if (options.title) doc.setMetaData('info:Title', options.title);
    if (options.author) doc.setMetaData('info:Author', options.author);
    if (options.subject) doc.setMetaData('info:Subject', options.subject);
    if (options.keywords) doc.setMetaData('info:Keywords', options.keywords);
    const save = options.userPassword
      ? `compress,encrypt=aes-256,user-password=${options.userPassword},owner-password=${options.userPassword}-owner`
      : options.ownerPassword
        ? `compress,encrypt=aes-256,owner-password=${options.ownerPassword},permissions=-4`
        : 'compress';
    const out = doc.saveToBuffer(save);
    try {
      return Buffer.from(out.asUint8Array());
    } finally {
      out.destroy();
    }
  } finally {
    doc.destroy();
  }
}
