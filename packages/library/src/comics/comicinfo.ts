import { XMLParser } from 'fast-xml-parser';
import { LibraryError, errorMessage } from '../errors.js';

export type MangaFlag = 'Unknown' | 'No' | 'Yes' | 'YesAndRightToLeft';

export interface ComicInfoPage {
  image: number;
  type: string | null;
  doublePage: boolean;
  imageSize: number | null;
  imageWidth: number | null;
  imageHeight: number | null;
  bookmark: string | null;
}

/** ComicInfo.xml (Anansi v1/v2/v2.1 drafts), with invalid values dropped to null, not guessed. */
export interface ComicInfo {
  title: string | null;
  series: string | null;
  number: string | null;
  volume: string | null;
  count: number | null;
  summary: string | null;
  year: number | null;
  month: number | null;
  day: number | null;
  writers: string[];
  pencillers: string[];
  inkers: string[];
  colorists: string[];
  letterers: string[];
  coverArtists: string[];
  editors: string[];
  translators: string[];
  publisher: string | null;
  imprint: string | null;
  genres: string[];
  tags: string[];
  characters: string[];
  storyArc: string | null;
  seriesGroup: string | null;
  web: string | null;
  pageCount: number | null;
  languageIso: string | null;
  format: string | null;
  manga: MangaFlag | null;
  /** True only for Manga = YesAndRightToLeft: plain "Yes" does not say the reading direction. */
  rightToLeft: boolean;
  blackAndWhite: boolean | null;
  ageRating: string | null;
  communityRating: number | null;
  gtin: string | null;
  notes: string | null;
  pages: ComicInfoPage[];
}

const PAGE_TYPES = new Set([
  'FrontCover',
  'InnerCover',
  'Roundup',
  'Story',
  'Advertisement',
  'Editorial',
  'Letters',
  'Preview',
  'BackCover',
  'Other',
  'Deleted',
]);
const AGE_RATINGS = new Set([
  'Unknown',
  'Adults Only 18+',
  'Early Childhood',
  'Everyone',
  'Everyone 10+',
  'G',
  'Kids to Adults',
  'M',
  'MA15+',
  'Mature 17+',
  'PG',
  'R18+',
  'Rating Pending',
  'Teen',
  'X18+',
]);
const MANGA: Record<string, MangaFlag> = {
  unknown: 'Unknown',
  no: 'No',
  yes: 'Yes',
  yesandrighttoleft: 'YesAndRightToLeft',
};
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

// Entities are expanded by fast-xml-parser's built-in set only; no DTDs, so no billion-laughs.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  processEntities: true,
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});

type Node = Record<string, unknown>;

/**
 * Parses ComicInfo.xml. Elements may come in any order; a repeated element keeps its first value
 * (comicbox's "BAD DO NOT PARSE" fixture repeats Publisher and Genre); invalid numbers, language
 * codes, page types and age ratings become null. Only a missing <ComicInfo> root is an error.
 */
export function parseComicInfo(xml: string | Buffer): ComicInfo {
  let doc: Node;
  try {
    doc = parser.parse(typeof xml === 'string' ? xml : decodeXml(xml)) as Node;
  } catch (e) {
    throw new LibraryError('invalid', `invalid ComicInfo.xml: ${errorMessage(e)}`, { cause: e });
  }
  const root = first(doc['ComicInfo']);
  if (!root || typeof root !== 'object')
    throw new LibraryError('invalid', 'invalid ComicInfo.xml: no <ComicInfo> root');
  const node = root as Node;
  const text = (name: string) => textOf(node, name);
  const list = (name: string) => splitList(text(name));
  const int = (name: string, min = 0, max = Number.MAX_SAFE_INTEGER) => toInt(text(name), min, max);
  const manga = MANGA[(text('Manga') ?? '').toLowerCase()] ?? null;
  const language = text('LanguageISO');
  const ageRating = text('AgeRating');
  const rating = Number(text('CommunityRating'));
  return {
    title: text('Title'),
    series: text('Series'),
    number: text('Number'),
    volume: text('Volume'),
    count: int('Count'),
    summary: text('Summary'),
    year: int('Year', 1, 9999),
    month: int('Month', 1, 12),
    day: int('Day', 1, 31),
    writers: list('Writer'),
    pencillers: list('Penciller'),
    inkers: list('Inker'),
    colorists: list('Colorist'),
    letterers: list('Letterer'),
    coverArtists: list('CoverArtist'),
    editors: list('Editor'),
    translators: list('Translator'),
    publisher: text('Publisher'),
    imprint: text('Imprint'),
    genres: list('Genre'),
    tags: list('Tags'),
    characters: list('Characters'),
    storyArc: text('StoryArc'),
    seriesGroup: text('SeriesGroup'),
    web: text('Web'),
    pageCount: int('PageCount'),
    languageIso: language && LANGUAGE_TAG.test(language) ? language : null,
    format: text('Format'),
    manga,
    rightToLeft: manga === 'YesAndRightToLeft',
    blackAndWhite: toYesNo(text('BlackAndWhite')),
    ageRating: ageRating && AGE_RATINGS.has(ageRating) ? ageRating : null,
    communityRating: text('CommunityRating') !== null && rating >= 0 && rating <= 5 ? rating : null,
    gtin: text('GTIN'),
    notes: text('Notes'),
    pages: parsePages(node),
  };
}

function parsePages(node: Node): ComicInfoPage[] {
  const pages = first(node['Pages']);
  if (!pages || typeof pages !== 'object') return [];
  const out: ComicInfoPage[] = [];
  for (const raw of asArray((pages as Node)['Page'])) {
    if (!raw || typeof raw !== 'object') continue;
    const page = raw as Node;
    const image = toInt(attr(page, 'Image'), 0, 1_000_000);
    if (image === null) continue;
    const type = attr(page, 'Type');
    out.push({
      image,
      type: type && PAGE_TYPES.has(type) ? type : null,
      doublePage: (attr(page, 'DoublePage') ?? '').toLowerCase() === 'true',
      imageSize: toInt(attr(page, 'ImageSize')),
      imageWidth: toInt(attr(page, 'ImageWidth')),
      imageHeight: toInt(attr(page, 'ImageHeight')),
      bookmark: attr(page, 'Bookmark'),
    });
  }
  return out;
}

/** XML declares its own encoding; in practice ComicInfo is UTF-8 or UTF-16 with a BOM. */
function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function first(value: unknown): unknown {
  return asArray(value)[0];
}

function textOf(node: Node, name: string): string | null {
  const value = first(node[name]);
  const raw = typeof value === 'object' && value !== null ? (value as Node)['#text'] : value;
  if (raw === undefined || raw === null) return null;
  const text = String(raw).trim();
  return text === '' ? null : text;
}

function attr(node: Node, name: string): string | null {
  const value = node[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function splitList(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function toInt(value: string | null, min = 0, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^-?\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function toYesNo(value: string | null): boolean | null {
  const v = value?.toLowerCase();
  return v === 'yes' ? true : v === 'no' ? false : null;
}
