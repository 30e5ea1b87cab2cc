/**
 * Search over the documents held in memory (hot-call speed). SearchRepository.search asks
 * the database, which for terms that many documents hold (a digit, 作品) ranks thousands of rows
 * per search (1–4 ms at 10,000 works). For a catalogue of up to MEMORY_SEARCH_MAX_DOCS works the
 * service keeps the documents here instead and answers the same rows in the same order: a work
 * matches when its document body holds every term; its relevance is weighed as search-ranking.ts
 * says (per term: title, people or summary; a title line that starts with or is the phrase); ties
 * go to more views, then the higher id (`search-memory.property.test.ts` checks the equality with
 * the database's search on both databases).
 *
 * Per term the index keeps (bounded) what scanning every document once told: the documents that
 * hold it, in order, and each document's weight for it (0 when absent). A search walks the
 * shortest such list and reads the other terms' weights, so a common term costs an array read.
 * Views are a snapshot the service refreshes every few seconds (as the shared result pages are).
 */
import { SEARCH_WEIGHTS } from './search-ranking.js';

/** Larger catalogues are searched in the database (a term scan here grows with the documents). */
export const MEMORY_SEARCH_MAX_DOCS = 20_000;
/** Bytes of per-term lists kept before they are all dropped (rebuilt on demand). */
const TERM_BYTES_MAX = 32 * 1024 * 1024;

export interface MemoryDocument {
  work_id: number;
  type: number;
  title_text: string;
  people_text: string;
  body: string;
  views: number;
}

interface TermIndex {
  /** Documents whose body holds the term, ascending. */
  holders: Int32Array;
  /** Per document: the title, people or body weight (SEARCH_WEIGHTS), 0 absent. */
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
  private readonly terms = new Map<string, TermIndex>();
  private termBytes = 0;

  constructor(docs: MemoryDocument[]) {
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
  }

  get size(): number {
    return this.ids.length;
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
    if (known) return known;
    const n = this.ids.length;
    const weights = new Uint8Array(n);
    const holders: number[] = [];
    for (let i = 0; i < n; i += 1) {
      if (!this.bodies[i]!.includes(term)) continue;
      holders.push(i);
      weights[i] = this.titles[i]!.includes(term)
        ? SEARCH_WEIGHTS.title
        : this.people[i]!.includes(term)
          ? SEARCH_WEIGHTS.people
          : SEARCH_WEIGHTS.body;
    }
    const index = { holders: Int32Array.from(holders), weights };
    const bytes = n + holders.length * 4;
    if (this.termBytes + bytes > TERM_BYTES_MAX) {
      this.terms.clear();
      this.termBytes = 0;
    }
    this.terms.set(term, index);
    this.termBytes += bytes;
    return index;
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
    const others = indexes.filter((index) => index !== driver).map((index) => index.weights);
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
      let relevance = weights[i]!;
      let matches = true;
      for (let o = 0; o < others.length; o += 1) {
        const w = others[o]![i]!;
        if (w === 0) {
          matches = false;
          break;
        }
        relevance += w;
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
