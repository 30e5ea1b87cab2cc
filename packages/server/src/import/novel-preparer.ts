/**
 * An EPUB or a TXT → the chapters of a novel: sanitized HTML (images stored as `_xfile` and
 * referenced by media URL), plain text for search, and word counts.
 */
import {
  LibraryError,
  openArchive,
  parseName,
  readEpubFrom,
  readTxt,
  type EpubBook,
  type EpubChapter,
  type TxtChapter,
} from '@dm51/library';
import { mediaUrlPath } from '../media/media-key.js';
import type { AuthorCredit, FileMeta, PreparedChapter, PreparedFile } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';
import type { PrepareContext } from './comic-preparer.js';
import { emptyFileMeta } from './work-metadata.js';
import { cleanSeriesName, countWords, stemOf, workKeyFor } from './work-naming.js';

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

/**
 * Books are whole works more often than volumes: a book joins its folder's work when it is the
 * folder's only book or says it is part of a series (metadata or a volume number in its name);
 * otherwise it is a work of its own, grouped by its title inside that folder.
 */
function bookGrouping(unit: LibraryUnit, partOfSeries: boolean): LibraryUnit {
  if (!unit.seriesFolder || partOfSeries || (unit.booksInFolder ?? 1) <= 1) return unit;
  const dir = unit.rel.slice(0, unit.rel.lastIndexOf('/'));
  return { ...unit, seriesFolder: null, groupFolder: dir };
}

export async function prepareEpub(unit: LibraryUnit, ctx: PrepareContext): Promise<PreparedFile> {
  const reader = await openArchive(unit.abs, ctx.limits);
  try {
    if (reader.format !== 'zip')
      throw new LibraryError('invalid', `invalid EPUB: a ${reader.format} archive, not a zip`);
    const book = await readEpubFrom(reader);
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
    for (const [i, chapter] of spine.entries()) {
      chapters.push(await epubChapter(unit.rel, i, chapter, volume, storeImage));
    }
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
    const title = book.metadata.title ? cleanSeriesName(book.metadata.title) : null;
    const series = meta.series ?? title ?? cleanSeriesName(parsed.series ?? stemOf(unit.rel));
    const grouped = bookGrouping(unit, meta.series !== null || parsed.volume !== null);
    if (!grouped.seriesFolder && !meta.series) meta.series = series;
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
  const meta = emptyFileMeta();
  const m = book.metadata;
  meta.series = m.series?.name ? cleanSeriesName(m.series.name) : null;
  meta.summary = m.description;
  meta.authors = m.creators.flatMap((c): AuthorCredit[] => {
    const role = c.role === null ? 'author' : ROLE_NAMES[c.role];
    return role ? [{ name: c.name, role }] : [];
  });
  meta.genres = m.subjects
    .flatMap((s) => s.split(/\s*(?:--|;|,)\s*/))
    .filter((s) => s.length > 0 && s.length <= 40);
  meta.language = m.language;
  meta.rtl = book.direction === 'rtl';
  return meta;
}

async function epubChapter(
  rel: string,
  index: number,
  chapter: EpubChapter,
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
    number: String(index + 1),
    volume,
    title: chapter.title.slice(0, 255),
    special: false,
    pages: [],
    novel: { html, text: chapter.text, wordCount: countWords(chapter.text) },
    video: null,
    durationS: 0,
    extraMedia,
  };
}

/** A TXT says nothing about its language; kana mean Japanese, mostly-Han text Chinese. */
export function guessLanguage(sample: string): string | null {
  const text = sample.slice(0, 5000);
  if ((text.match(/[\u3040-\u30ff]/g)?.length ?? 0) > 20) return 'ja';
  const han = text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  return han > 0 && han > text.replace(/\s/g, '').length * 0.3 ? 'zh' : null;
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
  const grouped = bookGrouping(unit, parsed.volume !== null);
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
