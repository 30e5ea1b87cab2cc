import type { ArchiveReader, SkippedEntry } from '../archives/archive-reader.js';
import { openArchive } from '../archives/open-archive.js';
import { LibraryError, errorMessage } from '../errors.js';
import { parseLandmarks, parseNav, parseNcx, type TocTitles } from './epub-toc.js';
import { classifyMatter, unquoteTitle, type Matter } from './front-matter.js';
import { parseOpf, type EpubMetadata, type OpfPackage } from './opf.js';
import { extractChapter } from './xhtml.js';
import { attr, children, xmlParser, type XmlNode } from './xml.js';

export interface EpubChapter {
  index: number;
  /** Archive path of the spine document. */
  path: string;
  title: string;
  html: string;
  text: string;
  images: string[];
  /** False for spine items marked linear="no" (pop-up notes, answer keys). */
  linear: boolean;
  /** Cover, title page, contents, licence...: shown around the chapters, not one of them. */
  matter: Matter | null;
  /**
   * The 1-based index of this spine document among the book's XHTML spine documents, as
   * KOReader (crengine) numbers them in its positions (`/body/DocFragment[n]/…`); null for a
   * picture in the spine, which crengine does not count.
   */
  fragment: number | null;
}

export interface EpubBook {
  version: string | null;
  metadata: EpubMetadata;
  /** spine page-progression-direction; null when the book does not say. */
  direction: 'ltr' | 'rtl' | null;
  layout: 'reflowable' | 'pre-paginated';
  coverImage: string | null;
  chapters: EpubChapter[];
  skipped: SkippedEntry[];
}

const MAX_XML_BYTES = 8 * 1024 * 1024;
const MAX_CHAPTER_BYTES = 32 * 1024 * 1024;
/** Characters (spaces aside) a picture-book page may carry besides its picture: a page number, a caption. */
const MAX_PICTURE_PAGE_TEXT = 12;
const XHTML_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/x-dtbook+xml']);
// Font obfuscation (IDPF and Adobe) only scrambles fonts, which we never read.
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/**
 * Reads an EPUB 2 or 3 book: OPF metadata, spine order, TOC titles and each chapter's sanitized
 * body and plain text. Refuses (LibraryError) a zip without container.xml or OPF, and books whose
 * chapters are encrypted (DRM).
 */
export async function readEpub(path: string): Promise<EpubBook> {
  const reader = await openArchive(path);
  try {
    if (reader.format !== 'zip')
      throw new LibraryError('invalid', `invalid EPUB: a ${reader.format} archive, not a zip`);
    return await readEpubFrom(reader);
  } finally {
    await reader.close();
  }
}

export async function readEpubFrom(reader: ArchiveReader): Promise<EpubBook> {
  const listing = await reader.list();
  const names = new Map(listing.entries.map((e) => [e.name.toLowerCase(), e.name]));
  const readText = async (name: string, limit = MAX_XML_BYTES) => decodeText(await reader.read(name, limit));

  const containerName = names.get('meta-inf/container.xml');
  if (!containerName) throw new LibraryError('invalid', 'invalid EPUB: no META-INF/container.xml');
  const opfPath = rootfilePath(await readText(containerName));
  const opfName = opfPath ? (names.get(opfPath.toLowerCase()) ?? null) : null;
  if (!opfName)
    throw new LibraryError('invalid', `invalid EPUB: package document ${opfPath ?? '(none)'} not found`);

  let opf: OpfPackage;
  try {
    opf = parseOpf(await readText(opfName), opfName);
  } catch (e) {
    throw new LibraryError('invalid', `invalid EPUB: unreadable package document: ${errorMessage(e)}`, {
      cause: e,
    });
  }
  const encryptionName = names.get('meta-inf/encryption.xml');
  if (encryptionName) assertNoDrm(await readText(encryptionName), opf);

  const skipped: SkippedEntry[] = [...listing.skipped];
  const titles = await readToc(opf, names, readText, skipped);
  const landmarks = await readLandmarks(opf, names, readText);
  const types = (name: string) =>
    [landmarks.get(name), opf.guide.get(name)].filter((t): t is string => t !== undefined);
  const chapters: EpubChapter[] = [];
  const clues: Parameters<typeof classifyMatter>[0] = [];
  let fragments = 0;
  for (const { item, linear } of opf.spine) {
    const name = names.get(item.path.toLowerCase());
    if (!name) {
      skipped.push({ entry: item.path, reason: 'spine item missing from the archive' });
      continue;
    }
    const index = chapters.length;
    if (item.mediaType.startsWith('image/')) {
      chapters.push({
        index,
        path: name,
        title: unquoteTitle(titles.get(name) ?? `Chapter ${index + 1}`),
        html: `<img src="${escapeAttr(name)}" />`,
        text: '',
        images: [name],
        linear,
        matter: null,
        fragment: null,
      });
      clues.push({ title: titles.get(name) ?? '', text: '', images: 1, types: types(name), isNav: false });
      continue;
    }
    if (!XHTML_TYPES.has(item.mediaType)) {
      skipped.push({
        entry: name,
        reason: `spine item of type ${item.mediaType || 'unknown'} is not a document`,
      });
      continue;
    }
    // Counted before it is read: an unreadable document still takes its place in crengine's numbering.
    fragments += 1;
    const fragment = fragments;
    try {
      const content = extractChapter(await readText(name, MAX_CHAPTER_BYTES), name);
      const title = unquoteTitle(titles.get(name) ?? content.heading ?? `Chapter ${index + 1}`);
      chapters.push({
        index,
        path: name,
        title,
        html: content.html,
        text: content.text,
        images: content.images,
        linear,
        matter: null,
        fragment,
      });
      clues.push({
        title,
        text: content.text,
        images: content.images.length,
        types: [...content.types, ...types(name)],
        isNav: item.properties.includes('nav'),
      });
    } catch (e) {
      skipped.push({
        entry: name,
        reason: e instanceof LibraryError ? e.reason : `unreadable chapter: ${errorMessage(e)}`,
      });
    }
  }
  if (chapters.length === 0)
    throw new LibraryError('no-content', 'invalid EPUB: no readable chapters in the spine');
  const matter = classifyMatter(clues);
  for (const [i, chapter] of chapters.entries()) chapter.matter = matter[i] ?? null;
  const cover = opf.coverImage && names.get(opf.coverImage.toLowerCase());
  return {
    version: opf.version,
    metadata: opf.metadata,
    direction: opf.direction,
    layout: opf.layout,
    coverImage: cover ?? null,
    chapters,
    skipped,
  };
}

function rootfilePath(containerXml: string): string | null {
  const doc = xmlParser.parse(containerXml) as XmlNode;
  const rootfiles = children(children(children(doc, 'container')[0], 'rootfiles')[0], 'rootfile');
  const opf =
    rootfiles.find((r) => attr(r, 'media-type') === 'application/oebps-package+xml') ?? rootfiles[0];
  return attr(opf, 'full-path');
}

async function readToc(
  opf: OpfPackage,
  names: Map<string, string>,
  readText: (name: string) => Promise<string>,
  skipped: SkippedEntry[],
): Promise<TocTitles> {
  // Prefer the EPUB 3 nav; fall back to the NCX when the nav is missing or empty.
  for (const [path, parse] of [
    [opf.navPath, parseNav],
    [opf.ncxPath, parseNcx],
  ] as const) {
    const name = path ? names.get(path.toLowerCase()) : undefined;
    if (!name) continue;
    try {
      const titles = parse(await readText(name), name);
      if (titles.size > 0) return titles;
    } catch (e) {
      skipped.push({ entry: name, reason: `unreadable table of contents: ${errorMessage(e)}` });
    }
  }
  return new Map();
}

async function readLandmarks(
  opf: OpfPackage,
  names: Map<string, string>,
  readText: (name: string) => Promise<string>,
): Promise<Map<string, string>> {
  const name = opf.navPath ? names.get(opf.navPath.toLowerCase()) : undefined;
  if (!name) return new Map();
  try {
    return parseLandmarks(await readText(name), name);
  } catch {
    return new Map(); // readToc already reported an unreadable nav
  }
}

/**
 * The page images of a picture book in reading order, or null when the book is text: a
 * fixed-layout (pre-paginated) book whose every page shows a picture, or a book whose chapters
 * are pictures with no text (front and back matter aside).
 */
export function pictureBookPages(book: EpubBook): string[] | null {
  const spine = book.chapters.filter((c) => c.linear);
  const pages = spine.length > 0 ? spine : book.chapters;
  const content = pages.filter((c) => c.matter === null);
  const pictures = (c: EpubChapter) => c.images.length > 0;
  // A page number or a short caption is not text to read; a sentence is.
  const textless = (c: EpubChapter) => c.text.replace(/\s/g, '').length <= MAX_PICTURE_PAGE_TEXT;
  const fixed = book.layout === 'pre-paginated' && pages.every(pictures);
  const imageOnly = content.length > 0 && content.every((c) => pictures(c) && textless(c));
  if (!fixed && !imageOnly) return null;
  const from = fixed ? pages : pages.filter((c) => pictures(c) && textless(c));
  const images = [...new Set(from.flatMap((c) => c.images))];
  // One picture with a line of text is an illustrated note, not a picture book.
  return fixed || images.length >= 2 ? images : null;
}

/** encryption.xml that covers anything but obfuscated fonts means DRM: the text cannot be read. */
function assertNoDrm(xml: string, opf: OpfPackage): void {
  const doc = xmlParser.parse(xml) as XmlNode;
  const data = children(children(doc, 'encryption')[0], 'EncryptedData');
  const spinePaths = new Set(opf.spine.map((s) => s.item.path));
  for (const d of data) {
    const algorithm = attr(children(d, 'EncryptionMethod')[0], 'Algorithm') ?? '';
    const uri = attr(children(children(d, 'CipherData')[0], 'CipherReference')[0], 'URI') ?? '';
    if (
      !FONT_OBFUSCATION.has(algorithm) &&
      (spinePaths.has(decodeURIComponent(uri)) || /\.x?html?$/i.test(uri))
    ) {
      throw new LibraryError('encrypted', 'encrypted EPUB (DRM)');
    }
  }
}

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
