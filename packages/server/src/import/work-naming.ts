/**
 * Names and identities of works: which work a file belongs to, what the work is called, and what a
 * folder name or ComicInfo Notes say about its status. Pure functions, table-tested.
 */
import type { ImportKind, PayMode } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';

/** Status markers in folder names: `[完结]`, `【完結】`, `(Complete)`, `[Completed]`, `- 完结`, `[END]`. */
const FINISHED_MARKER =
  /\s*[[(（【]\s*(?:完结|完結|全本|已完结|complete|completed|finished|end)\s*[\])）】]\s*|\s+-\s*(?:完结|完結)\s*$/gi;
const SERIALISING_MARKER =
  /\s*[[(（【]\s*(?:连载中?|連載中?|ongoing|serialising|serializing)\s*[\])）】]\s*/gi;

export function folderMarksFinished(name: string): boolean {
  FINISHED_MARKER.lastIndex = 0;
  return FINISHED_MARKER.test(name);
}

/** A folder or series name without status markers and stray separators. */
export function cleanSeriesName(name: string): string {
  const cleaned = name
    .replace(FINISHED_MARKER, ' ')
    .replace(SERIALISING_MARKER, ' ')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—:]+|[\s\-–—:]+$/g, '')
    .trim();
  return cleaned || name.trim();
}

export function baseName(rel: string): string {
  const trimmed = rel.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function stemOf(rel: string): string {
  const base = baseName(rel);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * The work a file belongs to. A file inside a series folder belongs to that folder's work; a loose
 * file (directly in `comics/`, or in the library root) is grouped with others of the same series
 * name, as if they sat in a folder of that name. A kind that differs from the layout's (an EPUB in
 * `comics/Foo/`) gets its own work, so one folder never mixes kinds.
 */
export function workKeyFor(
  unit: Pick<LibraryUnit, 'seriesFolder' | 'groupFolder' | 'layoutKind'>,
  kind: ImportKind,
  series: string,
): string {
  // A slash inside a series name ("A / B") must not read as a folder.
  const name = series.replace(/[\\/]+/g, '∕');
  const folder = unit.seriesFolder ?? (unit.groupFolder ? `${unit.groupFolder}/${name}` : name);
  return unit.layoutKind === kind ? folder : `${folder}#${kind}`;
}

/** Words that name a container, a compression or a test variant, never a work. */
const FORMAT_WORDS = new Set(
  (
    'zip cbz cbr cb7 cbt rar rar4 rar5 7z 7zip tar tgz gz gzip bz2 bzip2 xz lzma lzma2 zst zstd ' +
    'deflate deflate64 store stored copy solid encrypted epub epub2 epub3 pdf txt archive file'
  ).split(' '),
);

/**
 * Whether a file name says only its format ("7zip.7z", "zip-bzip2.zip", "rar4-solid.rar"): such a
 * name is no title, so a loose file called that is named by its metadata or as untitled.
 */
export function isFormatOnlyName(rel: string): boolean {
  const words = stemOf(rel)
    .toLowerCase()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words.length > 0 && words.every((word) => FORMAT_WORDS.has(word));
}

/** The series name of a loose file whose name says nothing: `Untitled (7zip.7z)`. */
export function untitledName(rel: string): string {
  return `Untitled (${baseName(rel)})`;
}

/** A series name as an identity: case, punctuation, spacing and status markers aside. */
export function seriesIdentity(name: string): string {
  return cleanSeriesName(name)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function parentFolder(rel: string): string {
  return rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
}

/**
 * Which work a book (EPUB, TXT, typeset PDF) joins. Books are whole works more often than
 * volumes, so sharing a folder does not make books one work; what they say about themselves does:
 * - a book with series metadata (EPUB belongs-to-collection, calibre:series) joins the nearest
 *   folder named after that series; failing that, the other books of that series in its folder,
 *   or (a book alone in its folder, as calibre lays out `Author/Title/`) beside its folder;
 * - a book without it joins its folder's work when it is the folder's only book or its name
 *   carries a volume number (`Saga v02.epub`); otherwise it is a work of its own, grouped by its
 *   title inside that folder.
 * The returned unit is what workKeyFor is given, with the series name.
 */
export function bookGrouping(
  unit: LibraryUnit,
  book: { series: string | null; numbered: boolean },
): LibraryUnit {
  if (!unit.seriesFolder) return unit;
  const dir = parentFolder(unit.rel);
  if (book.series !== null) {
    const wanted = seriesIdentity(book.series);
    for (
      let folder = unit.seriesFolder;
      folder.length > unit.kindRoot.length;
      folder = parentFolder(folder)
    ) {
      if (seriesIdentity(baseName(folder)) === wanted)
        return { ...unit, seriesFolder: folder, groupFolder: folder };
    }
    const alone = (unit.booksInFolder ?? 1) <= 1 && dir === unit.seriesFolder;
    return {
      ...unit,
      seriesFolder: null,
      groupFolder: alone ? parentFolder(unit.seriesFolder) : unit.seriesFolder,
    };
  }
  if (book.numbered || (unit.booksInFolder ?? 1) <= 1) return unit;
  return { ...unit, seriesFolder: null, groupFolder: dir };
}

/** The title a work gets from its key when no metadata names it. */
export function titleFromWorkKey(workKey: string): string {
  return cleanSeriesName(baseName(workKey.replace(/#[a-z]+$/, '')));
}

export interface NotesFlags {
  finished: boolean;
  pay: PayMode;
  price: number | null;
  scoreX10: number | null;
}

const PAY_RANK: Record<PayMode, number> = { free: 0, coins: 1, vip: 2 };

/** The stronger of two pay statements: VIP wins over coins, coins over free. */
export function strongerPay(a: PayMode, b: PayMode): PayMode {
  return PAY_RANK[b] > PAY_RANK[a] ? b : a;
}

/** `pay:` values in Notes; numbers are chapters.pay's own (1 coin chapters, 2 VIP chapters). */
const PAY_VALUES = new Map<string, PayMode>([
  ['vip', 'vip'],
  ['2', 'vip'],
  ['coins', 'coins'],
  ['coin', 'coins'],
  ['1', 'coins'],
]);

/** The highest price a library can set per chapter; anything above reads as a typo and is ignored. */
export const MAX_CHAPTER_PRICE = 10_000;

/** A price in coins per chapter: a whole number from 1 to MAX_CHAPTER_PRICE, else null (the default). */
export function parsePrice(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const price = Number(text);
  return price >= 1 && price <= MAX_CHAPTER_PRICE ? price : null;
}

/**
 * The house convention for what ComicInfo has no element for (docs/operate/library.md, "Markers"):
 * `<Notes>` lines such as `status: finished`, `pay: vip`, `pay: coins`, `price: 15`, `score: 8.7`.
 * 完结/完結, `pay: 2` (VIP) and `pay: 1` (coins) are accepted; VIP wins when both pay lines appear.
 */
export function parseNotes(notes: string | null): NotesFlags {
  const flags: NotesFlags = { finished: false, pay: 'free', price: null, scoreX10: null };
  if (!notes) return flags;
  for (const line of notes.split(/[\n;]+/)) {
    const m = /^\s*(?:dm51[.:])?\s*(status|pay|price|score)\s*[:=]\s*(.+?)\s*$/i.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.toLowerCase();
    if (key === 'status') flags.finished = /^(finished|complete|completed|ended|完结|完結)$/.test(value);
    if (key === 'pay') flags.pay = strongerPay(flags.pay, PAY_VALUES.get(value) ?? 'free');
    if (key === 'price') flags.price = parsePrice(value);
    if (key === 'score') {
      const score = Number(value);
      if (Number.isFinite(score) && score >= 0 && score <= 10) flags.scoreX10 = Math.round(score * 10);
    }
  }
  return flags;
}

/** A `.coins`/`.vip` marker's content: a bare number (`15`) or a `price: 15` line sets the price. */
export function markerPrice(content: string): number | null {
  return parsePrice(content) ?? parseNotes(content).price;
}

/** Words (Latin) plus characters (CJK), the way readers count a chapter's length. */
export function countWords(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/g)?.length ?? 0;
  const words =
    text.replace(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/g, ' ').match(/[\p{L}\p{N}]+/gu)
      ?.length ?? 0;
  return cjk + words;
}

/** A display title for a chapter with no title of its own. */
export function chapterTitle(kind: ImportKind, volume: string, number: string, fallback: string): string {
  if (!number) return fallback;
  if (kind === 'anime') return volume ? `S${volume} EP ${number}` : `EP ${number}`;
  return volume ? `Vol.${volume} Ch.${number}` : `Ch.${number}`;
}
