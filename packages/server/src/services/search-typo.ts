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

/**
 * The Latin words of the index (titles, alternative titles, pinyin lines, authors, tags).
 *
 * `nearest` walks the words in sorted order as if they were a trie: the rows of the distance table
 * for a shared beginning are kept from the word before, and a beginning whose row is already over
 * the allowance skips every word that starts with it (a binary search). So a query costs about
 * the beginnings within reach of it, not the size of the vocabulary, which pinyin lines make
 * large (search-typo.test.ts checks it against a plain scan of every word).
 */
export class Vocabulary {
  /** The words, sorted, and how many documents hold each. */
  private readonly words: string[];
  private readonly counts: Int32Array;
  private readonly longest: number;
  private readonly corrections = new Map<string, string | null>();

  constructor(texts: Iterable<string>) {
    const counts = new Map<string, number>();
    for (const text of texts) {
      const words = new Set(text.split(/[^a-z]+/).filter((word) => word.length >= 3));
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    this.words = [...counts.keys()].sort();
    this.counts = Int32Array.from(this.words, (word) => counts.get(word)!);
    this.longest = this.words.reduce((most, word) => Math.max(most, word.length), 0);
  }

  get size(): number {
    return this.words.length;
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
    const answer = max > 0 ? this.search(word, max, typing) : null;
    if (this.corrections.size > 5_000) this.corrections.clear();
    this.corrections.set(key, answer);
    return answer;
  }

  private search(query: string, max: number, typing: boolean): string | null {
    const n = query.length;
    const width = n + 1;
    const over = max + 1;
    // Row d: the distances between the query's first i letters (i = 0..n) and the word's first d.
    const rows = new Int32Array((this.longest + 1) * width);
    for (let i = 0; i <= n; i += 1) rows[i] = i;
    // Per depth: the least distance of the whole query to any beginning up to it (a prefix match).
    const startMin = new Int32Array(this.longest + 1);
    startMin[0] = n;
    let best: { word: string; rank: number[] } | null = null;
    const offer = (candidate: string, count: number, whole: number, start: number) => {
      if (candidate === query) return;
      const distance = typing ? Math.min(whole, start) : whole;
      if (distance > max) return;
      const rank = [distance, whole === distance ? 0 : 1, sameLetters(query, candidate) ? 0 : 1, -count];
      if (!best || less(rank, best.rank) || (equal(rank, best.rank) && candidate < best.word))
        best = { word: candidate, rank };
    };
    let previous = '';
    let index = 0;
    while (index < this.words.length) {
      const candidate = this.words[index]!;
      let depth = sharedStart(previous, candidate);
      let dead = 0; // the depth whose row went over the allowance, if one did
      for (depth += 1; depth <= candidate.length; depth += 1) {
        const letter = candidate[depth - 1];
        const row = depth * width;
        const up = row - width;
        const upUp = up - width;
        rows[row] = depth;
        let rowMin = depth;
        for (let i = 1; i <= n; i += 1) {
          const cost = query[i - 1] === letter ? 0 : 1;
          let value = Math.min(rows[up + i]! + 1, rows[row + i - 1]! + 1, rows[up + i - 1]! + cost);
          if (i > 1 && depth > 1 && query[i - 1] === candidate[depth - 2] && query[i - 2] === letter)
            value = Math.min(value, rows[upUp + i - 2]! + 1);
          rows[row + i] = value;
          if (value < rowMin) rowMin = value;
        }
        startMin[depth] = Math.min(startMin[depth - 1]!, rows[row + n]!);
        if (rowMin > max) {
          dead = depth;
          break;
        }
      }
      if (dead === 0) {
        const whole = Math.min(rows[candidate.length * width + n]!, over);
        offer(candidate, this.counts[index]!, whole, startMin[candidate.length]!);
        previous = candidate;
        index += 1;
        continue;
      }
      // No word that starts with candidate[0, dead) is within reach as a whole; with `typing`,
      // each is as near as its beginning already was.
      const end = this.endOfStart(candidate.slice(0, dead), index);
      const start = startMin[dead - 1]!;
      if (typing && start <= max)
        for (let other = index; other < end; other += 1)
          offer(this.words[other]!, this.counts[other]!, over, start);
      previous = candidate.slice(0, dead - 1);
      index = end;
    }
    return (best as { word: string } | null)?.word ?? null;
  }

  /** The index of the first word after `from` that does not start with `start`. */
  private endOfStart(start: string, from: number): number {
    let low = from + 1;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]!.startsWith(start)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** How many letters `a` and `b` begin with alike. */
function sharedStart(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

const sorted = (word: string) => [...word].sort().join('');
const sameLetters = (a: string, b: string) => a.length === b.length && sorted(a) === sorted(b);
const less = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};
const equal = (a: number[], b: number[]) => a.every((value, i) => value === b[i]);
