import { cleanNumber, cleanRange } from './numbers.js';
import { BRACKET_RE, MARKERS, SPECIAL_RE, TECH_TAG_RE } from './patterns.js';

/**
 * What a file or folder name says about its place in a series. Numbers stay strings so that
 * decimals ("12.5") and ranges ("1-8") survive; leading zeros are dropped ("003" → "3").
 *
 * `special` is true when the name carries a special marker (SP01, OVA, Omake, Extra, 番外...),
 * false when it has a regular volume, chapter or episode number and no such marker, and null when
 * the name says nothing either way.
 *
 * Rules that are choices, not facts:
 * - A season (S01, S01E02, a "Season 1" folder) is reported as the volume.
 * - In a video file name (by extension) a chapter-like number (第05话, "Title - 02", "Ep 3") is the
 *   episode; elsewhere "Episode 429" is the chapter, as webcomics and Kavita use it.
 * - With no marker at all, the first free-standing number after some title text is the chapter
 *   ("Saga 001 (2012)"); a leading number with nothing before it is an ordering prefix
 *   ("04 - Asterix the Gladiator") and is ignored; "No. 8" belongs to the title.
 */
export interface ParsedName {
  series: string | null;
  volume: string | null;
  chapter: string | null;
  episode: string | null;
  special: boolean | null;
}

const KNOWN_EXT =
  /\.(cb[zr7t]|zip|rar|7z|tar|epub|kepub|pdf|mobi|azw3?|txt|mkv|mp4|m4v|webm|avi|mov|wmv|flv|ts|m2ts|jpe?g|png|webp|gif|avif|jxl|bmp|srt|ass|ssa|vtt)$/i;
const VIDEO_EXT = /\.(mkv|mp4|m4v|webm|avi|mov|wmv|flv|ts|m2ts)$/i;
// Top-level layout folders say what a file is, not which series it belongs to.
const LAYOUT_FOLDER =
  /^(comics?|manga|novels?|books?|anime|videos?|library|漫画|漫畫|小说|小說|动漫|動漫|动画|動畫|番剧)$/i;
const SEASON_FOLDER = /^(?:season|series|s)\s*(\d{1,2})$|^第\s*([一二三四五六七八九十\d]+)\s*[季期]$/i;
const SPECIALS_FOLDER = /^(specials?|sp|ova|extras?|bonus|番外|特典|特别篇|特別篇)$/i;

interface Hit {
  index: number;
  end: number;
}

export function parseName(pathOrName: string): ParsedName {
  const segments = pathOrName.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  const base = segments.at(-1) ?? '';
  const isVideo = VIDEO_EXT.test(base);
  const result = parseSegment(base.replace(KNOWN_EXT, ''), isVideo);
  applyFolderFallbacks(result, segments.slice(0, -1));
  return result;
}

function parseSegment(name: string, isVideo: boolean): ParsedName {
  const text = normalise(name);
  const out: ParsedName = { series: null, volume: null, chapter: null, episode: null, special: null };
  const hits: Hit[] = [];

  for (const { kind, re } of MARKERS) {
    const m = re.exec(text);
    const g = m?.groups;
    if (!m || !g?.['n']) continue;
    const value = cleanRange(g['n'], g['m']);
    let claimed = false;
    if (kind === 'season-episode') {
      if (out.episode === null) {
        out.volume ??= cleanNumber(g['s'] ?? '');
        out.episode = value;
        claimed = true;
      }
    } else if (kind === 'volume' && out.volume === null) {
      out.volume = value;
      claimed = true;
    } else if ((kind === 'chapter' || kind === 'episode') && out.chapter === null && out.episode === null) {
      if (kind === 'episode' && (isVideo || text.slice(m.index).match(/^第/))) out.episode = value;
      else if (isVideo) out.episode = value;
      else out.chapter = value;
      claimed = true;
    }
    if (claimed) hits.push({ index: m.index, end: m.index + m[0].length });
  }

  // A special marker also ends the title: "Frieren - OVA 01" is the series Frieren.
  const special = SPECIAL_RE.exec(text);
  if (out.chapter === null && out.episode === null) {
    const bare = findBareNumber(text, hits);
    if (bare) {
      // In a book's or comic's special a number without a marker is part of its title ("2022 New
      // Years Special SP01" is not chapter 2022): it still ends the series name, but numbers
      // nothing, so the special sorts after the numbered chapters. (A video's "OVA 01" keeps its
      // episode number.)
      if (special && special.index > 0 && !isVideo) hits.push(bare);
      else {
        if (isVideo) out.episode = bare.value;
        else out.chapter = bare.value;
        hits.push(bare);
      }
    }
  }

  const cuts = [...hits.map((h) => h.index), ...(special && special.index > 0 ? [special.index] : [])];
  const first = cuts.length > 0 ? Math.min(...cuts) : text.length;
  out.series = cleanSeries(text.slice(0, first), hits.length === 0);
  out.special = special
    ? true
    : out.volume !== null || out.chapter !== null || out.episode !== null
      ? false
      : null;
  return out;
}

/** A whole folder name that is only a volume or season number: `Vol 1`, `v02`, `第2卷`, `Book 3`. */
const NUMBER_FOLDER = /^(?:book|part|tome|tomo|livre|band)\s*\.?\s*\d+(?:\.\d+)?$/i;

/**
 * Whether a folder only splits its series (`Vol 1/`, `Season 2/`, `第2季/`, `Specials/`), so the
 * series is the folder above it. A folder with a title of its own (`Spider-Man/`, `Saga v01
 * (2012)/`) is not.
 */
export function isVolumeFolder(name: string): boolean {
  const folder = name.normalize('NFKC').trim();
  if (SEASON_FOLDER.test(folder) || SPECIALS_FOLDER.test(folder) || NUMBER_FOLDER.test(folder)) return true;
  const parsed = parseSegment(folder, false);
  return parsed.series === null && parsed.volume !== null && parsed.chapter === null;
}

/**
 * NFKC folds full-width digits and letters (１２ → 12) and the ideographic space; underscores are
 * word separators in scene names. Bracketed groups are dropped unless they hold a marker
 * ("[Volume 11]", "(Ch.071-079)", "(v01)"), and so are release tags like 1080p or x264.
 */
function normalise(name: string): string {
  let text = name.normalize('NFKC').replace(/_/g, ' ');
  text = text.replace(BRACKET_RE, (group) => {
    const inner = group.slice(1, -1);
    const hasMarker = MARKERS.some(({ re }) => re.test(inner));
    return hasMarker ? ` ${inner} ` : ' ';
  });
  return text.replace(TECH_TAG_RE, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The chapter of a name without markers: the first free-standing number that has title text
 * before it and comes after any volume marker. "No. 8" and "#" are not free-standing.
 */
function findBareNumber(text: string, hits: Hit[]): (Hit & { value: string }) | null {
  const from = hits.length > 0 ? Math.max(...hits.map((h) => h.end)) : 0;
  const re = /(?<=^|[\s\-,.])(\d+(?:\.\d+)?b?)(?:-(\d+(?:\.\d+)?b?))?(?:v\d)?(?=$|[\s\-,]|x\d)/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(0, m.index);
    if (/\bno\.?\s*$/i.test(before)) continue;
    if (hits.length === 0 && before.replace(/[\s\-,.]/g, '') === '') continue;
    if (m[1] === undefined) continue;
    return { index: m.index, end: m.index + m[0].length, value: cleanRange(m[1], m[2]) };
  }
  return null;
}

function cleanSeries(raw: string, unmarked: boolean): string | null {
  let series = raw;
  if (unmarked) series = series.replace(/^\d+\s*-\s+/, '');
  series = series
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—,:.~]+|[\s\-–—,:~]+$/g, '')
    .replace(/\s*\b(?:vol|volume|chapter|ch|issue)\.?$/i, '')
    .trim();
  return series === '' ? null : series;
}

/**
 * Folder names fill what the file name lacks: the series from the nearest folder that is not a
 * layout, season, volume or specials folder; the volume/season and the special flag from
 * `Vol 2/`, `Season 1/`, `第2季/` or `Specials/` folders.
 */
function applyFolderFallbacks(result: ParsedName, folders: string[]): void {
  for (let i = folders.length - 1; i >= 0; i--) {
    const folder = (folders[i] ?? '').normalize('NFKC').trim();
    if (LAYOUT_FOLDER.test(folder)) break;
    const season = SEASON_FOLDER.exec(folder);
    if (season) {
      result.volume ??= cleanNumber(season[1] ?? season[2] ?? '');
      continue;
    }
    if (SPECIALS_FOLDER.test(folder)) {
      result.special = true;
      continue;
    }
    const parsed = parseSegment(folder, false);
    if (parsed.series === null) {
      result.volume ??= parsed.volume;
      continue;
    }
    result.series ??= parsed.series;
    if (result.volume === null && parsed.volume !== null && parsed.chapter === null)
      result.volume = parsed.volume;
    break;
  }
  if (
    result.special === null &&
    (result.volume !== null || result.chapter !== null || result.episode !== null)
  ) {
    result.special = false;
  }
}
