import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { LibraryError } from '../errors.js';
import { decodeText } from './text-encoding.js';

export interface TxtChapter {
  index: number;
  title: string;
  /** The last volume heading (第一卷 ..., Volume 2, Book II) seen before this chapter. */
  volume: string | null;
  text: string;
}

export interface TxtBook {
  title: string;
  encoding: string;
  chapters: TxtChapter[];
}

export const MAX_TXT_BYTES = 64 * 1024 * 1024;
const MAX_HEADING_LENGTH = 60;
const CN_NUM = '[0-9零〇一二两三四五六七八九十百千万]+';

// Chapter headings: 第12章, 第十二章, 第一百二十回, 第3节, Chapter 12, CHAPTER XII, Chap. 3, 序章...
const CHAPTER_RE = new RegExp(
  String.raw`^(?:第\s*${CN_NUM}\s*[章回节節话話篇](?:[\s:：、.．\-—].*)?|(?:chapter|chap\.)\s*(?:\d+|[ivxlcdm]+)\b.*|(?:序章|楔子|引子|尾声|尾聲|后记|後記|终章|終章|番外.*)\s*)$`,
  'i',
);
const VOLUME_RE = new RegExp(
  String.raw`^(?:第\s*${CN_NUM}\s*[卷部集](?:[\s:：、.．\-—].*)?|卷\s*${CN_NUM}.*|(?:volume|book|part)\s+(?:\d+|[ivxlcdm]+)\b.*)$`,
  'i',
);

/**
 * Reads a plain-text novel: detects the encoding, then splits chapters on heading lines. Text
 * before the first heading (title page, author's note) becomes a chapter named "序" when the book
 * is Chinese or Japanese, "Preface" otherwise, and is dropped when it is only blank lines. A book
 * without any heading is one chapter named after the file.
 */
export async function readTxt(path: string): Promise<TxtBook> {
  const size = (await stat(path)).size;
  if (size === 0) throw new LibraryError('no-content', 'empty text file');
  if (size > MAX_TXT_BYTES)
    throw new LibraryError('limit', `text file too large: ${size} > ${MAX_TXT_BYTES} bytes`);
  const { encoding, text } = decodeText(await readFile(path));
  const title = basename(path, extname(path));
  return { title, encoding, chapters: splitChapters(text, title) };
}

export function splitChapters(text: string, fallbackTitle: string): TxtChapter[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const chapters: TxtChapter[] = [];
  const cjk = /[\u3040-\u30ff\u4e00-\u9fff]/.test(text.slice(0, 20_000));
  let current: { title: string; volume: string | null; lines: string[] } = {
    title: cjk ? '序' : 'Preface',
    volume: null,
    lines: [],
  };
  let volume: string | null = null;
  let sawHeading = false;
  const flush = () => {
    const body = current.lines.join('\n').trim();
    // An empty preface is just the blank lines above the first heading.
    if (!sawHeading && body === '') return;
    chapters.push({ index: chapters.length, title: current.title, volume: current.volume, text: body });
  };
  for (const raw of lines) {
    const line = raw.replace(/^[\s\u3000\ufeff]+|[\s\u3000]+$/g, '');
    if (line.length > 0 && line.length <= MAX_HEADING_LENGTH) {
      if (VOLUME_RE.test(line) && !CHAPTER_RE.test(line)) {
        volume = line;
        continue;
      }
      if (CHAPTER_RE.test(line)) {
        flush();
        sawHeading = true;
        current = { title: line, volume, lines: [] };
        continue;
      }
    }
    current.lines.push(raw.replace(/[\s\u3000]+$/, ''));
  }
  flush();
  if (!sawHeading) {
    const body = text.trim();
    if (body === '') throw new LibraryError('no-content', 'empty text file');
    return [{ index: 0, title: fallbackTitle, volume: null, text: body }];
  }
  // A heading directly followed by another heading (a table of contents) has no body: dropped.
  const nonEmpty = chapters.filter((c) => c.text !== '');
  return (nonEmpty.length > 0 ? nonEmpty : chapters).map((c, index) => ({ ...c, index }));
}
