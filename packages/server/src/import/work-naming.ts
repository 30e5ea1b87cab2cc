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
