/**
 * Which documents hold each character and each pair of adjacent characters (code points) of
 * their bodies (the grams that `search_grams` keeps in the database), held in typed arrays so that
 * the in-memory search (search-memory.ts) reads a term's candidates instead of scanning every
 * document for it.
 *
 * Grams are hashed into a fixed number of buckets (about eight per document, a power of two), and
 * a bucket lists the ascending positions of the documents holding any of its grams. So the memory
 * is one 4-byte position per distinct bucket of a document plus the bucket offsets, whatever the
 * number of distinct grams (a catalogue of 100,000 works with summaries holds millions of pairs:
 * a Map of them took more memory than the lists and half a minute to build). A bucket's list is a
 * superset of its gram's documents; the caller checks the candidates against their bodies.
 *
 * A term is never split on whitespace inside (search terms are the query's words), so grams that
 * hold whitespace are left out. A longer term's documents are among those holding all its pairs.
 */

/** Buckets per document, before rounding up to a power of two, and the bounds of the count. */
const BUCKETS_PER_DOC = 8;
const BUCKETS_MIN = 1 << 12;
const BUCKETS_MAX = 1 << 22;
/** The first size of the per-document set of buckets (grown for long bodies). */
const SEEN_MIN = 1 << 12;

/** JavaScript's `\s`: the characters `searchTerms` splits a query on. */
export function isWhitespace(cp: number): boolean {
  if (cp <= 0x20) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d);
  if (cp < 0xa0) return false;
  return (
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000 ||
    cp === 0xfeff
  );
}

/** A 32-bit hash of a character (`second` -1) or of a pair of code points. */
export function gramHash(first: number, second: number): number {
  let h = Math.imul(first + 1, 0x9e3779b1) ^ Math.imul(second + 2, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** The code points of `text` (a lone surrogate is its own code point, as `codePointAt` reads it). */
export function codePoints(text: string): number[] {
  const cps: number[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    cps.push(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return cps;
}

/**
 * Builds the postings in two passes over the bodies in position order: `count` each, then `place`
 * each, then `finish`. Two reads of the text keep the peak memory at the postings themselves, and
 * a pass can be cut into slices between which the event loop answers requests.
 */
export class GramPostingsBuilder {
  private readonly mask: number;
  private readonly counts: Int32Array;
  /**
   * The document's buckets seen so far, as an open-addressing set stamped with the document's
   * number (so it is never cleared): small enough to stay in the processor's cache, where a
   * per-bucket "last document" array of the whole index missed it on every gram.
   */
  private seenKeys = new Int32Array(SEEN_MIN);
  private seenStamps = new Int32Array(SEEN_MIN).fill(-1);
  private starts: Int32Array | null = null;
  private filled: Int32Array | null = null;
  private postings: Int32Array | null = null;
  private doc = -1;
  private scratch = new Int32Array(1024);

  constructor(documents: number) {
    let buckets = BUCKETS_MIN;
    while (buckets < documents * BUCKETS_PER_DOC && buckets < BUCKETS_MAX) buckets *= 2;
    this.mask = buckets - 1;
    this.counts = new Int32Array(buckets);
  }

  /** First pass: one body after another. */
  count(body: string): void {
    this.doc += 1;
    const found = this.walk(body);
    for (let k = 0; k < found; k += 1) this.counts[this.scratch[k]!]! += 1;
  }

  /** Second pass: the same bodies in the same order. */
  place(body: string): void {
    if (!this.postings) this.allocate();
    this.doc += 1;
    const found = this.walk(body);
    const postings = this.postings!;
    const filled = this.filled!;
    for (let k = 0; k < found; k += 1) postings[filled[this.scratch[k]!]!++] = this.doc;
  }

  finish(): GramPostings {
    if (!this.postings) this.allocate();
    return new GramPostings(this.mask, this.starts!, this.postings!);
  }

  private allocate(): void {
    const buckets = this.counts.length;
    const starts = new Int32Array(buckets + 1);
    for (let b = 0; b < buckets; b += 1) starts[b + 1] = starts[b]! + this.counts[b]!;
    this.starts = starts;
    this.filled = starts.slice(0, buckets);
    this.postings = new Int32Array(starts[buckets]!);
    this.seenStamps.fill(-1);
    this.doc = -1;
  }

  /** Writes the distinct buckets of the body's grams into `scratch`; answers how many. */
  private walk(body: string): number {
    // At most two grams per UTF-16 unit (a character and the pair it ends); the set stays at
    // most a quarter full.
    if (this.scratch.length < body.length * 2) this.scratch = new Int32Array(body.length * 2);
    if (this.seenKeys.length < body.length * 8) {
      let size = this.seenKeys.length;
      while (size < body.length * 8) size *= 2;
      this.seenKeys = new Int32Array(size);
      this.seenStamps = new Int32Array(size).fill(-1);
    }
    const { scratch, seenKeys, seenStamps, mask, doc } = this;
    const seenMask = seenKeys.length - 1;
    let found = 0;
    let previous = -1; // the code point before, or -1 after whitespace and at the start
    for (let i = 0; i < body.length;) {
      const cp = body.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
      if (isWhitespace(cp)) {
        previous = -1;
        continue;
      }
      // The character, then (when one came before) the pair it ends.
      for (let gram = 0; gram < 2; gram += 1) {
        if (gram === 1 && previous < 0) break;
        const bucket = (gram === 0 ? gramHash(cp, -1) : gramHash(previous, cp)) & mask;
        let slot = bucket & seenMask;
        while (seenStamps[slot] === doc && seenKeys[slot] !== bucket) slot = (slot + 1) & seenMask;
        if (seenStamps[slot] === doc) continue;
        seenStamps[slot] = doc;
        seenKeys[slot] = bucket;
        scratch[found++] = bucket;
      }
      previous = cp;
    }
    return found;
  }
}

export class GramPostings {
  constructor(
    private readonly mask: number,
    /** Bucket b's documents are postings[starts[b]] … postings[starts[b + 1] - 1]. */
    private readonly starts: Int32Array,
    private readonly postings: Int32Array,
  ) {}

  static of(bodies: readonly string[]): GramPostings {
    const builder = new GramPostingsBuilder(bodies.length);
    for (const body of bodies) builder.count(body);
    for (const body of bodies) builder.place(body);
    return builder.finish();
  }

  /** The ascending positions of the documents that may hold the character (a view, not a copy). */
  charCandidates(cp: number): Int32Array {
    return this.bucket(gramHash(cp, -1) & this.mask);
  }

  /** The same for a pair of adjacent code points. */
  pairCandidates(first: number, second: number): Int32Array {
    return this.bucket(gramHash(first, second) & this.mask);
  }

  private bucket(b: number): Int32Array {
    return this.postings.subarray(this.starts[b]!, this.starts[b + 1]!);
  }

  /** Bytes held: the postings and the bucket offsets. */
  get bytes(): number {
    return this.postings.byteLength + this.starts.byteLength;
  }
}

/** The positions in both ascending lists (the shorter one is walked, the longer one galloped). */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(short.length);
  let found = 0;
  let from = 0;
  for (let s = 0; s < short.length && from < long.length; s += 1) {
    const value = short[s]!;
    from = lowerBound(long, value, from);
    if (from < long.length && long[from] === value) out[found++] = value;
  }
  return out.subarray(0, found);
}

/**
 * The first index at or after `from` whose value is at least `value` in an ascending list: a
 * galloping search (doubling steps, then binary), so walking a long list with ascending values
 * costs about the logarithm of each step rather than the step.
 */
export function lowerBound(list: Int32Array, value: number, from: number): number {
  let low = from;
  let step = 1;
  let high = from;
  while (high < list.length && list[high]! < value) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > list.length) high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
