/**
 * A work's catalogue fields, derived from what each of its files says (FileMeta, kept per file)
 * plus its folder. Re-derived whenever a file of the work changes or goes away, so removing a
 * file also removes the tags and authors only it contributed.
 */
import { naturalCompare } from '@dm51/library';
import { uniqueCredits } from './author-names.js';
import type { AuthorCredit, FileMeta, ImportKind, PayMode, StoredImage } from './import-types.js';
import { folderMarksFinished, strongerPay, titleFromWorkKey } from './work-naming.js';

export interface WorkFields {
  title: string;
  altTitles: string[];
  summary: string;
  authors: AuthorCredit[];
  tags: string[];
  categories: string[];
  isEnd: boolean;
  /** The strongest pay any file or the folder states (VIP over coins over free). */
  pay: PayMode;
  /** works.chapter_price: the first stated price, 0 for the kind's default. */
  chapterPrice: number;
  scoreX10: number;
  language: string;
  rtl: boolean;
  ageRating: string;
  cover: StoredImage | null;
}

/**
 * Categories are a small fixed list per kind, so the category page stays browsable however the
 * library tags its files. A genre maps by synonym (English, Chinese, Japanese spellings); a work
 * whose genres map to nothing is filed under 其他 (other).
 */
export const CATEGORY_SYNONYMS: [string, string[]][] = [
  ['热血', ['action', 'battle', 'shounen', 'shonen', '热血', '熱血', '动作', '動作', '格斗', '格鬥']],
  ['冒险', ['adventure', '冒险', '冒險']],
  ['搞笑', ['comedy', 'humor', 'humour', 'gag', '搞笑', '喜剧', '喜劇']],
  ['恋爱', ['romance', 'love', 'shoujo', 'shojo', '恋爱', '戀愛', '爱情', '愛情']],
  ['奇幻', ['fantasy', 'magic', 'isekai', '奇幻', '魔幻', '玄幻', '异世界', '異世界']],
  ['科幻', ['sci-fi', 'scifi', 'science fiction', 'mecha', 'cyberpunk', 'space', '科幻', '机甲', '機甲']],
  ['悬疑', ['mystery', 'detective', 'thriller', 'crime', 'suspense', '悬疑', '懸疑', '推理', '侦探', '偵探']],
  ['恐怖', ['horror', 'supernatural', '恐怖', '灵异', '靈異']],
  ['日常', ['slice of life', 'daily life', 'iyashikei', '日常', '治愈', '治癒']],
  ['校园', ['school', 'school life', 'campus', '校园', '校園', '学园', '學園']],
  ['历史', ['historical', 'history', '历史', '歷史', '古风', '古風']],
  ['武侠', ['wuxia', 'xianxia', 'martial arts', '武侠', '武俠', '仙侠', '仙俠', '修真']],
  ['运动', ['sports', 'sport', '运动', '運動', '体育', '體育']],
  ['剧情', ['drama', 'tragedy', '剧情', '劇情', 'literature', '文学', '文學']],
  ['儿童', ["children's", 'children', 'juvenile', 'kids', 'fairy tales', '儿童', '兒童', '童话', '童話']],
];
export const OTHER_CATEGORY = '其他';

const CATEGORY_BY_SYNONYM = new Map(
  CATEGORY_SYNONYMS.flatMap(([name, words]) => words.map((w) => [w, name] as const)),
);

export function categoriesFor(genres: readonly string[]): string[] {
  const found = new Set<string>();
  for (const genre of genres) {
    const g = genre.trim().toLowerCase();
    const exact = CATEGORY_BY_SYNONYM.get(g);
    if (exact) {
      found.add(exact);
      continue;
    }
    // "Juvenile Fiction -- Fantasy", "Fantasy fiction": any synonym as a whole word.
    for (const [word, name] of CATEGORY_BY_SYNONYM) {
      if (
        word.length >= 4 &&
        new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u').test(g)
      ) {
        found.add(name);
      }
    }
  }
  const order = CATEGORY_SYNONYMS.map(([name]) => name);
  const list = [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return list.length > 0 ? list : [OTHER_CATEGORY];
}

/** The sort position of a category in its kind's list (其他 last). */
export function categorySort(name: string): number {
  const index = CATEGORY_SYNONYMS.findIndex(([n]) => n === name);
  return index === -1 ? CATEGORY_SYNONYMS.length : index;
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * `fileMetas` are in reading order (the first chapter's file first); `folderMeta` is what the
 * series folder's markers and poster say. The first file that states a value wins; lists unite.
 */
export function deriveWorkFields(input: {
  kind: ImportKind;
  workKey: string;
  fileMetas: FileMeta[];
  folderMeta: FileMeta | null;
  chapterCount: number;
}): WorkFields {
  const metas = input.fileMetas;
  const first = <T>(pick: (m: FileMeta) => T | null | undefined): T | null => {
    for (const m of metas) {
      const value = pick(m);
      if (value !== null && value !== undefined && value !== '') return value;
    }
    return null;
  };
  const folderTitle = titleFromWorkKey(input.workKey);
  const title = (first((m) => m.series) ?? folderTitle).slice(0, 255);
  const altTitles = uniqueBy(
    [...metas.flatMap((m) => m.altTitles), folderTitle].filter((t) => t && t !== title),
    (t) => t.toLowerCase(),
  ).slice(0, 10);
  const genres = metas.flatMap((m) => m.genres);
  const tags = uniqueBy(
    [...genres, ...metas.flatMap((m) => m.tags)]
      .map((t) => t.trim())
      .filter((t) => t.length > 0 && t.length <= 64),
    (t) => t.toLowerCase(),
  ).slice(0, 30);
  const count = first((m) => m.count);
  const finished =
    metas.some((m) => m.finished) ||
    (input.folderMeta?.finished ?? false) ||
    folderMarksFinished(input.workKey) ||
    (count !== null && count > 0 && input.chapterCount >= count);
  return {
    title,
    altTitles,
    summary: first((m) => m.summary) ?? '',
    authors: uniqueCredits(metas.flatMap((m) => m.authors))
      .filter((a) => a.name.length <= 255)
      .slice(0, 20),
    tags,
    categories: categoriesFor(genres),
    isEnd: finished,
    pay: [...metas, ...(input.folderMeta ? [input.folderMeta] : [])]
      .map((m) => m.pay)
      .reduce(strongerPay, 'free'),
    chapterPrice: input.folderMeta?.price ?? first((m) => m.price) ?? 0,
    scoreX10: first((m) => m.scoreX10) ?? 0,
    language: (first((m) => m.language) ?? '').slice(0, 16),
    rtl: metas.some((m) => m.rtl),
    ageRating: (first((m) => m.ageRating) ?? '').slice(0, 32),
    cover: input.folderMeta?.cover ?? first((m) => m.cover),
  };
}

/** A file that says nothing about its work; preparers fill in what they read. */
export function emptyFileMeta(): FileMeta {
  return {
    series: null,
    altTitles: [],
    summary: null,
    authors: [],
    genres: [],
    tags: [],
    language: null,
    rtl: false,
    ageRating: null,
    finished: false,
    pay: 'free',
    price: null,
    scoreX10: null,
    count: null,
    cover: null,
  };
}

/**
 * A file's statement as library_files.meta keeps it. Rows written before coin works said
 * `vip: true|false` instead of `pay`; they read as that mode until the file is imported again.
 */
export function readFileMeta(json: string): FileMeta {
  const meta = JSON.parse(json) as Partial<FileMeta> & { vip?: boolean };
  const { vip, ...rest } = meta;
  return { ...rest, pay: meta.pay ?? (vip ? 'vip' : 'free'), price: meta.price ?? null } as FileMeta;
}

/** Sort key parts of a chapter: volume, then number (or, inside one book, file and position). */
interface OrderedChapter {
  volume: string;
  number: string;
  source_path: string;
}

function numeric(text: string): number {
  const m = /\d+(?:\.\d+)?/.exec(text);
  return m ? Number(m[0]) : Number.POSITIVE_INFINITY;
}

function diff(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Reading order: by volume (none last: loose chapters are usually newer than the last volume),
 * then by chapter number for one-chapter files, then by file name in natural order and position
 * inside the file (EPUB spine, TXT headings).
 */
export function compareChapters(a: OrderedChapter, b: OrderedChapter): number {
  const [fileA, subA] = a.source_path.split('#');
  const [fileB, subB] = b.source_path.split('#');
  return (
    diff(numeric(a.volume), numeric(b.volume)) ||
    (subA === undefined && subB === undefined ? diff(numeric(a.number), numeric(b.number)) : 0) ||
    naturalCompare(fileA ?? '', fileB ?? '') ||
    (fileA ?? '').localeCompare(fileB ?? '') ||
    (subA ?? '').localeCompare(subB ?? '')
  );
}
