/**
 * Search over the documents held in memory (hot-call speed). SearchRepository.search asks
 * the database, which for terms that many documents hold (a digit, 作品) ranks thousands of rows
 * per search (1–4 ms at 10,000 works, 30–500 ms at 100,000). For a catalogue of up to
 * MEMORY_SEARCH_MAX_DOCS works the service keeps the documents here instead and answers the same
 * rows in the same order: a work matches when its document body holds every term; its relevance
 * is weighed as search-ranking.ts says (per term: title, people or summary; a title line that
 * starts with or is the phrase); ties go to more views, then the higher id
 * (`search-memory.property.test.ts` checks the equality with the database's search on both
 * databases).
 *
 * A term's documents come from the gram postings (search-gram-postings.ts): the list of its
 * character or pair when it has one or two, else the documents holding its two rarest pairs,
 * checked against their bodies. So a new term costs about its candidates, not the catalogue.
 * Per term the index then keeps (bounded, least recently used first out) the documents that hold
 * it, ascending, with each one's weight for it. A search walks the shortest such list and finds
 * each of its documents in the others' lists by a galloping search.
 * Views are a snapshot the service refreshes every few seconds (as the shared result pages are).
 */
import { SEARCH_WEIGHTS } from './search-ranking.js';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  codePoints,
  GramPostings,
  GramPostingsBuilder,
  intersect,
  lowerBound,
} from './search-gram-postings.js';

/**
 * Larger catalogues are searched in the database. The limit is memory, in every instance: the
 * documents and their gram postings take 1–3 KB a work (a short summary or one of 200 characters).
 */
export const MEMORY_SEARCH_MAX_DOCS = 100_000;
/** Catalogues up to this size are indexed in well under a second: a search waits for the build. */
export const MEMORY_WAIT_MAX_DOCS = 20_000;
/** Bytes of per-term lists kept; the least recently used go first past it. */
const TERM_BYTES_MAX = 32 * 1024 * 1024;
/** Candidates few enough to check against their bodies rather than narrow by another pair. */
const NARROW_ENOUGH = 32;
/** Documents whose grams are read between two turns of the event loop while building. */
const BUILD_SLICE = 2_000;
/** A term with a lone surrogate or whitespace inside has no grams to look up: it scans. */
const UNINDEXABLE = /\p{Cs}|\s/u;

export interface MemoryDocument {
  work_id: number;
  type: number;
  title_text: string;
  people_text: string;
  body: string;
  views: number;
}

interface TermIndex {
  /** Positions of the documents whose body holds the term, ascending. */
  holders: Int32Array;
  /** Per holder (same order): the title, people or body weight (SEARCH_WEIGHTS). */
  weights: Uint8Array;
}

export class MemorySearchIndex {
  private readonly ids: Int32Array;
  private readonly types: Int8Array;
  private readonly titles: string[];
  /** Title texts between newlines, so a line's start and end are found with one `includes`. */
  private readonly titleLines: string[];
  private readonly people: string[];
  private readonly bodies: string[];
  private readonly views: Float64Array;
  private readonly position = new Map<number, number>();
  private readonly grams: GramPostings;
  /** Term lists in use order (a Map keeps insertion order: a hit is moved to the end). */
  private readonly terms = new Map<string, TermIndex>();
  private termBytes = 0;

  /**
   * The index of `docs`, its postings built a slice of documents at a time with the event loop
   * let go between slices (the build reads every body twice: about 1 s at 100,000 works), so the
   * instance keeps answering while a catalogue change is indexed.
   */
  static async build(docs: MemoryDocument[]): Promise<MemorySearchIndex> {
    const builder = new GramPostingsBuilder(docs.length);
    for (const pass of ['count', 'place'] as const) {
      for (let i = 0; i < docs.length; i += 1) {
        builder[pass](docs[i]!.body);
        if (i % BUILD_SLICE === BUILD_SLICE - 1) await yieldToRequests();
      }
    }
    return new MemorySearchIndex(docs, builder.finish());
  }

  constructor(docs: MemoryDocument[], grams?: GramPostings) {
    const n = docs.length;
    this.ids = new Int32Array(n);
    this.types = new Int8Array(n);
    this.views = new Float64Array(n);
    this.titles = new Array<string>(n);
    this.titleLines = new Array<string>(n);
    this.people = new Array<string>(n);
    this.bodies = new Array<string>(n);
    docs.forEach((doc, i) => {
      this.ids[i] = doc.work_id;
      this.types[i] = doc.type;
      this.views[i] = doc.views;
      this.titles[i] = doc.title_text;
      this.titleLines[i] = `\n${doc.title_text}\n`;
      this.people[i] = doc.people_text;
      this.bodies[i] = doc.body;
      this.position.set(doc.work_id, i);
    });
    this.grams = grams ?? GramPostings.of(this.bodies);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Bytes the gram postings hold. */
  get postingBytes(): number {
    return this.grams.bytes;
  }

  /** Whether any document's body holds `term` (the term's list is kept for the search that follows). */
  holds(term: string): boolean {
    return this.term(term).holders.length > 0;
  }

  /** New view counts (works not in the index are ignored). */
  setViews(rows: { work_id: number; views: number }[]): void {
    for (const row of rows) {
      const i = this.position.get(row.work_id);
      if (i !== undefined) this.views[i] = row.views;
    }
  }

  private term(term: string): TermIndex {
    const known = this.terms.get(term);
    if (known) {
      this.terms.delete(term);
      this.terms.set(term, known);
      return known;
    }
    const holders = this.holdersOf(term);
    const weights = new Uint8Array(holders.length);
    for (let h = 0; h < holders.length; h += 1) {
      const i = holders[h]!;
      weights[h] = this.titles[i]!.includes(term)
        ? SEARCH_WEIGHTS.title
        : this.people[i]!.includes(term)
          ? SEARCH_WEIGHTS.people
          : SEARCH_WEIGHTS.body;
    }
    const index = { holders, weights };
    const bytes = holders.byteLength + weights.byteLength + 64;
    this.termBytes += bytes;
    this.terms.set(term, index);
    for (const [oldest, list] of this.terms) {
      if (this.termBytes <= TERM_BYTES_MAX || oldest === term) break;
      this.terms.delete(oldest);
      this.termBytes -= list.holders.byteLength + list.weights.byteLength + 64;
    }
    return index;
  }

  /** The positions of the documents whose body holds `term`, ascending. */
  private holdersOf(term: string): Int32Array {
    if (UNINDEXABLE.test(term)) return this.scan(term, null);
    const cps = codePoints(term);
    const lists: Int32Array[] = [];
    if (cps.length === 1) lists.push(this.grams.charCandidates(cps[0]!));
    for (let c = 1; c < cps.length; c += 1) lists.push(this.grams.pairCandidates(cps[c - 1]!, cps[c]!));
    lists.sort((a, b) => a.length - b.length);
    // Every pair narrows the candidates (Latin pairs are common one by one: "iz" and "ze" are in
    // many pinyin lines, "haizei" in few), until few enough are left to read.
    let candidates = lists[0]!;
    for (let l = 1; l < lists.length && candidates.length > NARROW_ENOUGH; l += 1)
      candidates = intersect(candidates, lists[l]!);
    // A bucket also lists the documents of the other grams hashed with it: read the bodies.
    return this.scan(term, candidates);
  }

  /** The documents among `candidates` (null: all) whose body holds `term`. */
  private scan(term: string, candidates: Int32Array | null): Int32Array {
    const count = candidates ? candidates.length : this.bodies.length;
    const out = new Int32Array(count);
    let found = 0;
    for (let c = 0; c < count; c += 1) {
      const i = candidates ? candidates[c]! : c;
      if (this.bodies[i]!.includes(term)) out[found++] = i;
    }
    return out.slice(0, found);
  }

  /** The page's work ids (best first) and how many works match, as SearchRepository.search. */
  search(
    terms: string[],
    phrase: string,
    type: number,
    offset: number,
    limit: number,
  ): { ids: number[]; total: number } {
    const indexes = terms.map((term) => this.term(term));
    const driver = indexes.reduce((a, b) => (b.holders.length < a.holders.length ? b : a));
    const others = indexes.filter((index) => index !== driver);
    // Where each other list was last read: the driver's positions ascend, so these only move on.
    const cursors = new Int32Array(others.length);
    const full = SEARCH_WEIGHTS.title * terms.length;
    const startsLine = `\n${phrase}`;
    const isLine = `\n${phrase}\n`;
    const wanted = offset + limit;
    // The best `wanted` matches so far, best first: relevance, views, document position (for the id).
    const best: { relevance: number; views: number; id: number }[] = [];
    let total = 0;
    const { holders, weights } = driver;
    for (let h = 0; h < holders.length; h += 1) {
      const i = holders[h]!;
      if (type >= 0 && this.types[i] !== type) continue;
      let relevance = weights[h]!;
      let matches = true;
      for (let o = 0; o < others.length; o += 1) {
        const other = others[o]!;
        const at = lowerBound(other.holders, i, cursors[o]!);
        cursors[o] = at;
        if (at === other.holders.length || other.holders[at] !== i) {
          matches = false;
          break;
        }
        relevance += other.weights[at]!;
      }
      if (!matches) continue;
      total += 1;
      // The phrase starts a title line only if every term is in the titles.
      if (relevance === full && this.titleLines[i]!.includes(startsLine)) {
        relevance += SEARCH_WEIGHTS.titlePrefix;
        if (this.titleLines[i]!.includes(isLine)) relevance += SEARCH_WEIGHTS.titleExact;
      }
      if (wanted === 0) continue;
      const views = this.views[i]!;
      const id = this.ids[i]!;
      if (best.length === wanted && !better(relevance, views, id, best[wanted - 1]!)) continue;
      let at = best.length;
      while (at > 0 && better(relevance, views, id, best[at - 1]!)) at -= 1;
      best.splice(at, 0, { relevance, views, id });
      if (best.length > wanted) best.pop();
    }
    return { ids: best.slice(offset).map((entry) => entry.id), total };
  }
}

function better(
  relevance: number,
  views: number,
  id: number,
  than: { relevance: number; views: number; id: number },
): boolean {
  if (relevance !== than.relevance) return relevance > than.relevance;
  if (views !== than.views) return views > than.views;
  return id > than.id;
}
