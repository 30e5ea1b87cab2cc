/**
 * The forms a search document and a query are compared in. Both go through `foldText`: NFKC (so
 * full-width Latin matches), lowercase, traditional Chinese folded to simplified (OpenCC's
 * traditional → mainland table, so 進擊 finds 进击 and the reverse) and Latin diacritics dropped
 * (so a pinyin query typed with tones, hǎi zéi wáng, reads hai zei wang) and katakana folded to
 * hiragana (search-kana.ts).
 *
 * A line of Chinese (a title, an alternative title, an author, a tag) also gets pinyin lines in its
 * document: the syllables joined (haizeiwang), spaced (hai zei wang) and the initials (hzw),
 * from pinyin-pro's reading in context; a polyphonic character adds lines with its other readings
 * (a few, so that a long title cannot blow the document up). A Latin query then matches these
 * lines as plain substrings, on every database, with no other machinery. A line holding kana gets
 * romaji lines the same way (search-kana.ts).
 */
import * as OpenCC from 'opencc-js/t2cn';
import { pinyin, polyphonic } from 'pinyin-pro';
import { katakanaToHiragana, romajiLines } from './search-kana.js';

const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
const HAN = /\p{Script=Han}/u;
const LATIN_OR_DIGIT = /[a-z0-9]/;
/** Polyphonic characters of a line whose other readings get lines of their own. */
const HETERONYM_CHARS_MAX = 3;
/** Other readings per polyphonic character given a line. */
const HETERONYM_READINGS_MAX = 2;

/** The one form documents and queries are compared in. */
export function foldText(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase();
  const folded = katakanaToHiragana(HAN.test(lower) ? toSimplified(lower) : lower);
  // Drop combining marks after Latin letters only: a kana's voicing mark (が) is kept.
  return folded
    .normalize('NFD')
    .replace(/([a-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC');
}

export const hasHan = (text: string) => HAN.test(text);

/** A folded word of Latin letters only (what typo tolerance applies to). */
export const isLatinWord = (word: string) => /^[a-z]+$/.test(word);

type Token = { syllable: true; text: string; alternatives: string[] } | { syllable: false; text: string };

/** A folded line as pinyin syllables (Han characters) and Latin/digit runs; other characters split. */
function tokensOf(line: string): Token[][] {
  const chars = [...line];
  // ü as v (nv, lv: what pinyin keyboards type); pinyinLines adds the u spelling too.
  const readings = pinyin(line, { toneType: 'none', type: 'array', v: true });
  const others = polyphonic(line, { toneType: 'none', type: 'array' });
  const segments: Token[][] = [];
  let segment: Token[] = [];
  let latin = '';
  const flushLatin = () => {
    if (latin) segment.push({ syllable: false, text: latin });
    latin = '';
  };
  const flushSegment = () => {
    flushLatin();
    if (segment.length) segments.push(segment);
    segment = [];
  };
  chars.forEach((char, i) => {
    if (HAN.test(char)) {
      flushLatin();
      const reading = (readings[i] ?? '').toLowerCase();
      if (!isLatinWord(reading)) return flushSegment();
      const alternatives = (others[i] ?? [])
        .map((r) => r.toLowerCase().replace(/ü/g, 'v'))
        .filter((r) => r !== reading && isLatinWord(r));
      segment.push({ syllable: true, text: reading, alternatives: [...new Set(alternatives)] });
    } else if (LATIN_OR_DIGIT.test(char)) {
      latin += char;
    } else {
      flushSegment();
    }
  });
  flushSegment();
  return segments;
}

const joined = (segments: Token[][]) => segments.map((s) => s.map((t) => t.text).join('')).join(' ');
const spaced = (segments: Token[][]) => segments.map((s) => s.map((t) => t.text).join(' ')).join(' ');
const initials = (segments: Token[][]) =>
  segments.map((s) => s.map((t) => (t.syllable ? t.text[0] : t.text)).join('')).join(' ');

/** Lines already read (pinyin-pro takes about 0.2 ms a title; a rebuild reads the same ones again). */
const known = new Map<string, string[]>();
const KNOWN_MAX = 50_000;

/** The pinyin lines of one folded line (none when it holds no Han character). */
export function pinyinLines(line: string): string[] {
  if (!hasHan(line)) return [];
  const kept = known.get(line);
  if (kept) return kept;
  const lines = readPinyinLines(line);
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(line, lines);
  return lines;
}

function readPinyinLines(line: string): string[] {
  const segments = tokensOf(line);
  if (segments.length === 0) return [];
  const lines = [joined(segments), spaced(segments), initials(segments)];
  // The same with ü written u (nu, lu), as a query typed with the mark folds to.
  const withU = segments.map((seg) =>
    seg.map((tok) => (tok.syllable ? { ...tok, text: tok.text.replace(/v/g, 'u') } : tok)),
  );
  lines.push(joined(withU), spaced(withU));
  let polyphonicSeen = 0;
  segments.forEach((segment, s) =>
    segment.forEach((token, t) => {
      if (!token.syllable || token.alternatives.length === 0) return;
      if (polyphonicSeen++ >= HETERONYM_CHARS_MAX) return;
      for (const reading of token.alternatives.slice(0, HETERONYM_READINGS_MAX)) {
        const variant = segments.map((seg, i) =>
          i !== s ? seg : seg.map((tok, j) => (j === t ? { ...tok, text: reading } : tok)),
        );
        lines.push(joined(variant), initials(variant));
      }
    }),
  );
  return [...new Set(lines)].filter((l) => l !== line);
}

/**
 * Folded lines and their readings (pinyin lines, and romaji lines of kana, read from the line as
 * written: katakana tells wanakana where ー lengthens a vowel), each once, for a document field.
 * `readingsOf` (given the folded line) says which lines get readings.
 */
export function withPinyin(lines: string[], readingsOf: (line: string) => boolean = () => true): string {
  const read = lines.map((line) => ({ line, folded: foldText(line) }));
  const folded = [...new Set(read.map((r) => r.folded))];
  const extra = read
    .filter((r) => readingsOf(r.folded))
    .flatMap((r) => [...pinyinLines(r.folded), ...romajiLines(r.line.normalize('NFKC').toLowerCase())]);
  return [...new Set([...folded, ...extra])].join('\n');
}

/**
 * Latin readings of a folded query term that mixes Han characters with Latin letters (海zw,
 * 海贼wang): the Han characters as full pinyin, then as initials, Latin kept. Empty for a term
 * that is all Han or all Latin (those match the document as they are).
 */
export function mixedTermForms(term: string): string[] {
  if (!hasHan(term) || !LATIN_OR_DIGIT.test(term)) return [];
  const segments = tokensOf(term);
  if (segments.length !== 1) return [];
  const forms = [joined(segments), initials(segments)];
  return [...new Set(forms)];
}
