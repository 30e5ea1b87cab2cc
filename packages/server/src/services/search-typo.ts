/**
 * Typo tolerance for Latin words, as Meilisearch and Typesense count it: a word of 4–7 letters
 * may be one edit away from what the reader meant, a longer one two, a shorter one none. An edit
 * is an insertion, a deletion, a substitution or a swap of two neighbours (Damerau–Levenshtein,
 * optimal string alignment: "captian" is one edit from "captain"). The last word of a query is
 * what the reader is still typing, so it is compared with the beginnings of words too ("scei" is
 * one edit from "scie", the start of "science").
 *
 * The distance is written here rather than taken from a package: the search needs a bounded
 * distance that gives up as soon as a row exceeds the allowance, and the prefix variant, which the
 * small npm packages (damerau-levenshtein, talisman) do not offer.
 */

/** Edits a word of `length` letters may carry (Meilisearch's defaults). */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length <= 7 ? 1 : 2;
}

/**
 * The optimal-string-alignment distance between `a` and `b`, or `max + 1` once it is sure to be
 * over `max`. With `prefix`, the distance between `a` and the closest beginning of `b`.
 */
export function editDistance(a: string, b: string, max: number, prefix = false): number {
  if (!prefix && Math.abs(a.length - b.length) > max) return max + 1;
  const n = a.length;
  const m = b.length;
  // Three rows: two back for a swap, one back, and the row being filled.
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = prefix ? Math.min(...previous) : previous[m]!;
  return Math.min(distance, max + 1);
}

/** The Latin words of the index (titles, alternative titles, pinyin lines, authors, tags). */
export class Vocabulary {
  /** Word → how many documents hold it. */
  private readonly counts = new Map<string, number>();
  private readonly corrections = new Map<string, string | null>();

  constructor(texts: Iterable<string>) {
    for (const text of texts) {
      const words = new Set(text.split(/[^a-z]+/).filter((word) => word.length >= 3));
      for (const word of words) this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
    }
  }

  get size(): number {
    return this.counts.size;
  }

  /**
   * The vocabulary word nearest to `word` within its allowance (fewest edits, then a whole-word
   * match over a beginning, then the same letters in another order, as a swap of neighbours is
   * the commonest slip, then the word most documents hold, then alphabetical), or null.
   * `typing`: the word is the query's last, so the beginning of a longer word counts.
   */
  nearest(word: string, typing: boolean): string | null {
    const key = `${typing ? '+' : '='}${word}`;
    const known = this.corrections.get(key);
    if (known !== undefined) return known;
    const max = allowedEdits(word.length);
    let best: { word: string; rank: number[] } | null = null;
    if (max > 0) {
      for (const [candidate, count] of this.counts) {
        if (candidate === word) continue;
        const whole = editDistance(word, candidate, max);
        const start = typing && whole > 0 ? editDistance(word, candidate, max, true) : whole;
        const distance = Math.min(whole, start);
        if (distance > max) continue;
        const rank = [distance, whole === distance ? 0 : 1, sameLetters(word, candidate) ? 0 : 1, -count];
        if (!best || less(rank, best.rank) || (equal(rank, best.rank) && candidate < best.word))
          best = { word: candidate, rank };
      }
    }
    const answer = best?.word ?? null;
    if (this.corrections.size > 5_000) this.corrections.clear();
    this.corrections.set(key, answer);
    return answer;
  }
}

const sorted = (word: string) => [...word].sort().join('');
const sameLetters = (a: string, b: string) => a.length === b.length && sorted(a) === sorted(b);
const less = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};
const equal = (a: number[], b: number[]) => a.every((value, i) => value === b[i]);
