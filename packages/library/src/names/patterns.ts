/**
 * The marker patterns of the name parser, in one table so that reading them is reading the rules.
 * Every pattern runs on a name already NFKC-normalised (full-width digits are ASCII) with
 * underscores turned into spaces. Groups: `n` is the number, `m` the optional end of a range.
 */

// A number: 12, 12.5, 153b, or CJK numerals (only where a CJK marker surrounds it).
const N = String.raw`\d+(?:\.\d+)?b?`;
const RANGE = String.raw`(?<n>${N})(?:[-~](?:c|ch)?(?<m>${N}))?`;
const CJK_N = String.raw`(?<n>\d+(?:\.\d+)?|[零〇一二两兩三四五六七八九十拾百佰千仟]+)(?:[-~](?<m>\d+|[零〇一二两兩三四五六七八九十百千]+))?`;

export interface MarkerPattern {
  kind: 'volume' | 'chapter' | 'episode' | 'season-episode';
  re: RegExp;
}

export const MARKERS: MarkerPattern[] = [
  // S01E02 / s1e2: season goes to volume, episode to episode.
  {
    kind: 'season-episode',
    re: /(?<![a-z])s(?<s>\d{1,2})\s*e(?<n>\d{1,4}(?:\.\d+)?)(?:\s*-\s*e?(?<m>\d{1,4}))?(?![a-z])/i,
  },
  // CJK episodes: 第2集, 第02期 is a season and not handled.
  { kind: 'episode', re: new RegExp(String.raw`第\s*${CJK_N}\s*集`) },
  // CJK volumes: 第3卷, 第09巻, 第1册, 卷2, 1-3巻, 7.5권; Russian Том/Тома; Thai เล่ม(ที่).
  { kind: 'volume', re: new RegExp(String.raw`第\s*${CJK_N}\s*[卷巻册冊部]`) },
  { kind: 'volume', re: new RegExp(String.raw`${CJK_N}\s*[卷巻册冊권]`) },
  { kind: 'volume', re: new RegExp(String.raw`[卷巻]\s*${CJK_N}`) },
  { kind: 'volume', re: new RegExp(String.raw`(?:Тома?|เล่ม(?:ที่)?)\s*${RANGE}`, 'i') },
  // Latin volumes: v01, Vol.2, Vol 10, volume 3, vols 1-4, T22, Tome 2, tomo 3, and S01 when
  // no episode follows (a season of a manhwa such as "Tower Of God S01 014").
  {
    kind: 'volume',
    re: new RegExp(
      String.raw`(?<![\p{L}\d])(?:volumes?|vols?|v|tomes?|tomo|t|s(?=\d{1,2}\b))\.?\s*${RANGE}(?![\p{L}]{2})`,
      'iu',
    ),
  },
  // CJK chapters: 第12章, 第十二话, 第05話, 第一百二十回, 第3节; also 106화, 25话.
  { kind: 'chapter', re: new RegExp(String.raw`第\s*${CJK_N}\s*[话話章回节節]`) },
  { kind: 'chapter', re: new RegExp(String.raw`${CJK_N}\s*[话話화]`) },
  // Russian Глава (before or after the number), Thai ตอนที่ / บทที่.
  { kind: 'chapter', re: new RegExp(String.raw`(?:Глава|ตอนที่|บทที่)\s*${RANGE}`, 'i') },
  { kind: 'chapter', re: new RegExp(String.raw`${RANGE}\s*Глава`, 'i') },
  // Latin chapters: c001, ch.12.5, chp02, chapter 12, chapters 101-108, c01-c04.
  {
    kind: 'chapter',
    re: new RegExp(String.raw`(?<![\p{L}\d])(?:chapters?|chap|chp|ch|c)\.?\s*${RANGE}(?![\p{L}]{2})`, 'iu'),
  },
  // Episodes (become chapters for non-video files, as webcomics name their chapters this way).
  {
    kind: 'episode',
    re: new RegExp(String.raw`(?<![\p{L}\d])(?:episodes?|ep)\.?\s*${RANGE}(?![\p{L}]{2})`, 'iu'),
  },
  // Comic issue numbers: #001, #25, optionally after the word issue.
  { kind: 'chapter', re: new RegExp(String.raw`(?:issue\s*)?#\s*${RANGE}`, 'i') },
];

/**
 * Specials: SP01, OVA/OAD/ONA, Special(s) (but not "Special Edition"), Omake, Extra(s), and the
 * CJK 番外 / 特别篇 / 特別編 / 特典 / 总集篇.
 */
export const SPECIAL_RE =
  /(?<![\p{L}\d])(?:sp\s?\d*|ova|oad|ona|specials?(?!\s+edition)|omake|extras?|ncop|nced)(?![\p{L}])|番外|特别篇|特別篇|特別編|特典|总集篇|總集篇/iu;

/** Release tags that carry numbers but are never volume or chapter: 1080p, x264, 10bit, 5.1... */
export const TECH_TAG_RE =
  /(?<![\p{L}\d])(?:\d{3,4}p|\d{3,4}x\d{3,4}|[xh]\.?26[45]|hevc|avc|10-?bit|8-?bit|aac(?:\d\.\d)?|flac|ac3|dts|opus|web-?dl|web-?rip|bd-?rip|blu-?ray|dvd-?rip|hdtv|2k|4k|uhd)(?![\p{L}\d])/giu;

/** Bracketed groups: [Group], (2019), {r2}, 【TFO汉化】. */
export const BRACKET_RE = /\[[^\][]*\]|\([^()]*\)|\{[^{}]*\}|【[^【】]*】|「[^「」]*」/g;
