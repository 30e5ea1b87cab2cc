/**
 * An EPUB or a TXT → the chapters of a novel: sanitized HTML (images stored as `_xfile` and
 * referenced by media URL), plain text for search, and word counts.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  LibraryError,
  openArchive,
  parseName,
  pictureBookPages,
  readEpubFrom,
  readTxt,
  type EpubBook,
  type EpubChapter,
  type TxtChapter,
} from '@dm51/library';
import { mediaUrlPath } from '../media/media-key.js';
import type { FileMeta, PreparedChapter, PreparedFile, StoredOriginal } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';
import type { PrepareContext } from './comic-preparer.js';
import { prepareEpubComic } from './epub-comic-preparer.js';
import { withEpubMetadata } from './epub-metadata.js';
import { emptyFileMeta } from './work-metadata.js';
import { bookGrouping, cleanSeriesName, countWords, stemOf, workKeyFor } from './work-naming.js';

const ROLE_NAMES: Record<string, string> = {
  aut: 'author',
  ill: 'illustrator',
  art: 'artist',
  trl: 'translator',
  edt: 'editor',
  nrt: 'narrator',
};

function sourcePath(rel: string, index: number): string {
  return `${rel}#${String(index + 1).padStart(4, '0')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeAttr(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The chapter number a heading states (第12章, Chapter 12, CHAPTER XII), else null. */
export function headingNumber(title: string): string | null {
  const arabic = /^(?:第\s*(\d+)\s*[章回节節话話篇]|(?:chapter|chap\.)\s*(\d+))/i.exec(title);
  if (arabic) return String(Number(arabic[1] ?? arabic[2]));
  const cjk = /^第\s*([零〇一二两三四五六七八九十百千万]+)\s*[章回节節话話篇]/.exec(title);
  if (cjk) return String(cjkNumber(cjk[1]!));
  const roman = /^chapter\s+([ivxlcdm]+)\b/i.exec(title);
  if (roman) return String(romanNumber(roman[1]!));
  return null;
}

/** The volume number a volume heading states (第一卷, Volume 2, Book II), else ''. */
export function volumeNumber(heading: string | null): string {
  if (!heading) return '';
  const arabic = /^(?:第\s*(\d+)\s*[卷部集]|卷\s*(\d+)|(?:volume|book|part)\s+(\d+))/i.exec(heading);
  if (arabic) return String(Number(arabic[1] ?? arabic[2] ?? arabic[3]));
  const cjk = /^(?:第\s*|卷\s*)([零〇一二两三四五六七八九十百千万]+)/.exec(heading);
  if (cjk) return String(cjkNumber(cjk[1]!));
  const roman = /^(?:volume|book|part)\s+([ivxlcdm]+)\b/i.exec(heading);
  return roman ? String(romanNumber(roman[1]!)) : '';
}

function cjkNumber(text: string): number {
  const digits: Record<string, number> = {
    零: 0,
    〇: 0,
    一: 1,
    二: 2,
    两: 2,
    三: 3,
    四: 4,
    五: 5,
    六: 6,
    七: 7,
    八: 8,
    九: 9,
  };
  const units: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };
  let total = 0;
  let current = 0;
  for (const ch of text) {
    if (ch in digits) current = digits[ch]!;
    else if (ch in units) {
      total += (current || 1) * units[ch]!;
      current = 0;
    }
  }
  return total + current;
}

function romanNumber(text: string): number {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  const chars = text.toLowerCase();
  for (let i = 0; i < chars.length; i++) {
    const v = values[chars[i]!] ?? 0;
    const next = values[chars[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

export async function prepareEpub(unit: LibraryUnit, ctx: PrepareContext): Promise<PreparedFile> {
  const reader = await openArchive(unit.abs, ctx.limits);
  try {
    if (reader.format !== 'zip')
      throw new LibraryError('invalid', `invalid EPUB: a ${reader.format} archive, not a zip`);
    const book = await readEpubFrom(reader);
    // Fixed-layout manga and other picture books are comics: pages, not text chapters.
    const pictures = pictureBookPages(book);
    if (pictures) return await prepareEpubComic(unit, ctx, reader, book, pictures);
    const meta = epubMeta(book);
    const skipped = [...book.skipped];
    const failedEntries: PreparedFile['failedEntries'] = [];
    // Each image is stored once per book even when several chapters show it.
    const stored = new Map<string, string | null>();
    const storeImage = async (entry: string): Promise<string | null> => {
      if (stored.has(entry)) return stored.get(entry)!;
      let key: string | null = null;
      try {
        key = (await ctx.writer.putPage(await reader.read(entry, ctx.limits.maxEntryBytes))).key;
      } catch (error) {
        if (!(error instanceof LibraryError)) throw error;
        failedEntries.push({ entry, reason: error.reason });
      }
      stored.set(entry, key);
      return key;
    };

    const linear = book.chapters.filter((c) => c.linear);
    const spine = linear.length > 0 ? linear : book.chapters;
    const parsed = parseName(unit.rel);
    const volume = book.metadata.series?.index ?? parsed.volume ?? '';
    const chapters: PreparedChapter[] = [];
    let number = 0;
    for (const [i, chapter] of spine.entries()) {
      // Front and back matter carry no chapter number: chapter 1 is the first real chapter.
      const label = chapter.matter ? '' : String((number += 1));
      chapters.push(await epubChapter(unit.rel, i, chapter, label, volume, storeImage));
    }
    // Where each chapter sits in KOReader's numbering of the spine, for progress sync (kosync/).
    meta.spine = spine.map((chapter) => chapter.fragment ?? 0);
    const coverEntry = book.coverImage ?? spine.flatMap((c) => c.images)[0] ?? null;
    if (coverEntry) {
      try {
        meta.cover = await ctx.writer.putCover(await reader.read(coverEntry, ctx.limits.maxEntryBytes));
        chapters[0]!.extraMedia.push(meta.cover.key);
      } catch (error) {
        if (!(error instanceof LibraryError)) throw error;
        failedEntries.push({ entry: coverEntry, reason: `cover: ${error.reason}` });
      }
    }
    meta.original = await storeOriginal(unit.abs, ctx);
    // Every chapter of the file keeps the original referenced (the media sweep keeps what is named).
    for (const chapter of chapters) chapter.extraMedia.push(meta.original.key);
    const title = book.metadata.title ? cleanSeriesName(book.metadata.title) : null;
    const series = meta.series ?? title ?? cleanSeriesName(parsed.series ?? stemOf(unit.rel));
    const numbered = parsed.volume !== null;
    const grouped = bookGrouping(unit, { series: meta.series, numbered });
    // A book that is a work of its own is named by its title, not its folder ("Childrens").
    if (!meta.series && (!grouped.seriesFolder || !numbered)) meta.series = series;
    if (title && title !== meta.series) meta.altTitles.push(title);
    return {
      kind: 'novel',
      workKey: workKeyFor(grouped, 'novel', series),
      fallbackTitle: series,
      meta,
      chapters,
      media: ctx.writer.written,
      skipped,
      failedEntries,
    };
  } finally {
    await reader.close();
  }
}

function epubMeta(book: EpubBook): FileMeta {
  return withEpubMetadata(emptyFileMeta(), book, ROLE_NAMES, 'author');
}

/**
 * The EPUB file itself, byte for byte, so a download is the book its reader already knows
 * (e-readers key reading progress by the file's bytes). Content-addressed: the same file is
 * stored once, whichever library or path it comes from.
 */
async function storeOriginal(path: string, ctx: PrepareContext): Promise<StoredOriginal> {
  const bytes = await readFile(path);
  const key = await ctx.writer.putEncoded(bytes, 'epub', 'application/epub+zip');
  return { key, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function epubChapter(
  rel: string,
  index: number,
  chapter: EpubChapter,
  number: string,
  volume: string,
  storeImage: (entry: string) => Promise<string | null>,
): Promise<PreparedChapter> {
  const keys = new Map<string, string | null>();
  for (const image of chapter.images) keys.set(image, await storeImage(image));
  // The reader's sanitizer wrote archive paths into src; they become media URLs (or the img goes).
  const html = chapter.html.replace(/<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/g, (tag, src: string) => {
    const key = keys.get(unescapeAttr(src));
    return key ? tag.replace(`src="${src}"`, `src="${mediaUrlPath(key)}"`) : '';
  });
  const extraMedia = [...new Set([...keys.values()].filter((k): k is string => k !== null))];
  return {
    sourcePath: sourcePath(rel, index),
    number,
    volume,
    title: chapter.title.slice(0, 255),
    special: false,
    pages: [],
    novel: { html, text: chapter.text, wordCount: countWords(chapter.text) },
    video: null,
    durationS: 0,
    extraMedia,
    matter: chapter.matter,
  };
}

/**
 * A TXT says nothing about its language; kana mean Japanese, mostly-Han text Chinese, mostly
 * Arabic or Hebrew letters those languages (their books read right to left).
 */
export function guessLanguage(sample: string): string | null {
  const text = sample.slice(0, 5000);
  if ((text.match(/[\u3040-\u30ff]/g)?.length ?? 0) > 20) return 'ja';
  const letters = text.replace(/[\s\p{P}\p{N}]/gu, '').length;
  const share = (pattern: RegExp) => {
    const count = text.match(pattern)?.length ?? 0;
    return count > 0 ? count / letters : 0;
  };
  if (share(/[\u4e00-\u9fff]/g) > 0.3) return 'zh';
  if (share(/[\u0600-\u06ff\u0750-\u077f]/g) > 0.5) return 'ar';
  if (share(/[\u0590-\u05ff]/g) > 0.5) return 'he';
  return null;
}

export async function prepareTxt(unit: LibraryUnit): Promise<PreparedFile> {
  const book = await readTxt(unit.abs);
  return novelFromText(unit, book.title, book.chapters, emptyFileMeta());
}

/**
 * A novel from chapters of plain text (a TXT file, or the text of a typeset PDF): one paragraph
 * a line. `meta` is what the file said about itself; the language is guessed when it says none.
 */
export function novelFromText(
  unit: LibraryUnit,
  title: string,
  textChapters: TxtChapter[],
  meta: FileMeta,
): PreparedFile {
  const parsed = parseName(unit.rel);
  meta.language ??= guessLanguage(
    textChapters
      .slice(0, 3)
      .map((c) => c.text)
      .join('\n'),
  );
  const series = cleanSeriesName(parsed.series ?? title);
  const grouped = bookGrouping(unit, { series: null, numbered: parsed.volume !== null });
  if (!grouped.seriesFolder) meta.series = series;
  const chapters = textChapters.map((c, i): PreparedChapter => {
    const paragraphs = c.text
      .split(/\n+/)
      .map((l) => l.trim())
      .filter(Boolean);
    return {
      sourcePath: sourcePath(unit.rel, i),
      number: headingNumber(c.title) ?? String(i + 1),
      volume: volumeNumber(c.volume) || (parsed.volume ?? ''),
      title: c.title.slice(0, 255),
      special: false,
      pages: [],
      novel: {
        html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
        text: paragraphs.join('\n'),
        wordCount: countWords(c.text),
      },
      video: null,
      durationS: 0,
      extraMedia: meta.cover ? [meta.cover.key] : [],
    };
  });
  return {
    kind: 'novel',
    workKey: workKeyFor(grouped, 'novel', series),
    fallbackTitle: series,
    meta,
    chapters,
    media: [],
    skipped: [],
    failedEntries: [],
  };
}
