import { readdir, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { openArchive, readHead, sniffArchive } from '../archives/open-archive.js';
import { isPageImage } from '../comics/image-types.js';
import { PdfDocument, isPdfHead } from '../pdf/pdf-document.js';

export type LibraryKind = 'comic' | 'novel' | 'anime' | 'unknown';

/** Top-level library folder names (lowercase) and the kind of content under them. */
export const LAYOUT_FOLDER_KINDS: Readonly<Record<string, Exclude<LibraryKind, 'unknown'>>> = {
  comics: 'comic',
  comic: 'comic',
  manga: 'comic',
  漫画: 'comic',
  漫畫: 'comic',
  novels: 'novel',
  novel: 'novel',
  books: 'novel',
  小说: 'novel',
  小說: 'novel',
  anime: 'anime',
  动漫: 'anime',
  動漫: 'anime',
  动画: 'anime',
  動畫: 'anime',
  番剧: 'anime',
};

/** The kind a layout folder name stands for (`comics`, `漫画`, ...), or undefined. */
export function layoutFolderKind(name: string): Exclude<LibraryKind, 'unknown'> | undefined {
  return Object.hasOwn(LAYOUT_FOLDER_KINDS, name.toLowerCase())
    ? LAYOUT_FOLDER_KINDS[name.toLowerCase()]
    : undefined;
}

/** Kind from the library layout: the nearest `comics|novels|anime` (or 漫画/小说/动漫) folder. */
export function kindFromLayout(path: string): LibraryKind {
  const parts = path.split(/[\\/]+/).filter(Boolean);
  for (let i = parts.length - 2; i >= 0; i--) {
    const kind = layoutFolderKind(parts[i] ?? '');
    if (kind) return kind;
  }
  return 'unknown';
}

/**
 * Kind of a file or folder from its content, when the layout does not say:
 * a zip whose `mimetype` is application/epub+zip (or that holds META-INF/container.xml) is a
 * novel; a zip/7z/RAR/tar holding page images is a comic; MP4/MKV/WebM (by magic bytes) is anime;
 * a PDF whose first pages are clean text is a novel, any other PDF a comic (its pages are read as
 * images);
 * .txt is a novel; a folder holding images is a comic chapter, one holding videos an anime series.
 */
export async function detectKind(path: string): Promise<LibraryKind> {
  const layout = kindFromLayout(path);
  if (layout !== 'unknown') return layout;
  return detectKindByContent(path);
}

export async function detectKindByContent(path: string): Promise<LibraryKind> {
  const info = await stat(path);
  if (info.isDirectory()) {
    const names = await readdir(path);
    if (names.some((n) => isPageImage(n))) return 'comic';
    if (names.some((n) => /\.(mkv|mp4|m4v|webm)$/i.test(n))) return 'anime';
    return 'unknown';
  }
  if (info.size === 0) return 'unknown';
  const head = await readHead(path);
  const video = videoContainer(head);
  if (video) return 'anime';
  if (isPdfHead(head)) return pdfKind(path);
  const archive = sniffArchive(head);
  if (archive) return archiveKind(path, archive === 'zip' && isEpubMimetype(head));
  if (extname(path).toLowerCase() === '.txt') return 'novel';
  return 'unknown';
}

/** Pages of a PDF looked at to tell a typeset book from a comic. */
const PDF_SAMPLE_PAGES = 12;

async function pdfKind(path: string): Promise<LibraryKind> {
  try {
    const doc = await PdfDocument.open(path);
    try {
      return doc.textProblem(PDF_SAMPLE_PAGES) === null ? 'novel' : 'comic';
    } finally {
      doc.close();
    }
  } catch {
    // Unreadable PDFs are read as pages, whose reader says why it cannot.
    return 'comic';
  }
}

/** EPUB requires `mimetype` stored first, so its content sits at offset 38 of the file. */
function isEpubMimetype(head: Buffer): boolean {
  return (
    head.subarray(30, 38).toString('latin1') === 'mimetype' &&
    head.subarray(38, 58).toString('latin1') === 'application/epub+zip'
  );
}

async function archiveKind(path: string, epubMagic: boolean): Promise<LibraryKind> {
  if (epubMagic) return 'novel';
  try {
    const reader = await openArchive(path);
    try {
      const { entries } = await reader.list();
      if (entries.some((e) => e.name.toLowerCase() === 'meta-inf/container.xml')) return 'novel';
      if (entries.some((e) => !e.isDirectory && isPageImage(e.name))) return 'comic';
    } finally {
      await reader.close();
    }
  } catch {
    // Unreadable archives have no kind; the reader reports why when asked to read them.
  }
  return 'unknown';
}

/** ISO BMFF (`ftyp` at offset 4) for MP4/M4V, EBML (1A 45 DF A3) for MKV and WebM. */
export function videoContainer(head: Buffer): 'mp4' | 'matroska' | null {
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'matroska';
  return null;
}
