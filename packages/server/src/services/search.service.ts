/**
 * Search over the index kept by this service. The importer writes works without knowing about the
 * index; triggers on the source tables (migration 0008) leave a row in search_changes instead. At
 * most once per `freshnessIntervalMs` a search looks for such a row (one index probe); only when
 * there is one (or `fullCheckIntervalMs` passed, a safety net) does the service run the full
 * comparison: a join that finds works whose source values differ from their document's (see
 * SearchRepository.staleWorkIds, about 15 ms at 10,000 works on SQLite), re-indexes them and drops
 * documents of unpublished or deleted works. An imported change shows up in search within a second.
 *
 * Result pages are the same for everyone, so identical searches share one answer for
 * `resultTtlMs` (as home does); any catalogue change empties that cache at the next check.
 *
 * Documents and queries are compared folded (search-forms.ts: traditional → simplified, katakana
 * → hiragana, no diacritics) and titles, authors and tags carry pinyin lines (and romaji lines for
 * kana, search-kana.ts), so pinyin, initials, romaji and either script match as substrings. Before
 * searching, a query word that no document holds is read again: a mixed word (海zw) as pinyin, a
 * Latin word as its nearest vocabulary word (search-typo.ts); the answer then carries the
 * corrected keyword as `suggestion`. A search that finds only a few works keeps them and may
 * carry `didYouMean`, a corrected keyword that finds clearly more. Suggestions as the reader
 * types come from memory (search-suggest.ts).
 */
import type { WorkCard } from '@dm51/shared';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { presentCard } from '../presenters/work.presenter.js';
import {
  SEARCH_FORMS_VERSION,
  setSignature,
  type SearchDocument,
  type SearchRepository,
} from '../repositories/search.repository.js';
import { foldText, isLatinWord, mixedTermForms } from './search-forms.js';
import { allowedEdits, Vocabulary } from './search-typo.js';
import { SuggestIndex, type Suggestion } from './search-suggest.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import type { CatalogueService } from './catalogue.service.js';
import { parseAltTitles } from '../presenters/work.presenter.js';
import { dayOf } from './view-counter.service.js';
import { documentTexts } from './search-document.js';
import { MEMORY_SEARCH_MAX_DOCS, MEMORY_WAIT_MAX_DOCS, MemorySearchIndex } from './search-memory.js';
import { NO_CACHE_METRICS, type CacheMetrics } from '../observability/cache-metrics.js';

const RECENT_KEEP = 20;
const MAX_TERMS = 8;
const HOT_WINDOW_DAYS = 30;
const REINDEX_BATCH = 500;
/** Work ids whose documents one query compares with their works (see reindexChanged). */
const REINDEX_WINDOW = 20_000;
const RESULT_CACHE_MAX = 500;
/** Catalogue size up to which the whole-catalogue reads run at their set intervals (catalogueScale). */
const SCALED_INTERVAL_DOCS = 20_000;
/** Titles and authors (each) offered as the reader types: the most viewed. */
const SUGGEST_SOURCES_MAX = 20_000;
/** Cards kept for the in-memory search (the oldest read is dropped first). */
const CARD_CACHE_MAX = 20_000;
/** Fewer works than this on a search make it look for a keyword that finds more (did you mean). */
const FEW_RESULTS = 3;
const now = () => Math.floor(Date.now() / 1000);

/** Folded (search-forms.ts) whitespace-separated terms, each once. */
export function searchTerms(keyword: string): { terms: string[]; phrase: string } {
  const phrase = foldText(keyword).trim().replace(/\s+/g, ' ');
  const terms = [...new Set(phrase.split(' ').filter(Boolean))].slice(0, MAX_TERMS);
  return { terms, phrase };
}

/**
 * A page of results. `suggestion`: the keyword as searched when a word of an empty search was
 * corrected (the page holds its works). `didYouMean`: a keyword that finds clearly more when this
 * one found only a few (the page holds the works of the keyword as typed).
 */
export type SearchAnswer = Paged<WorkCard> & { suggestion?: string; didYouMean?: string };

/** A build of the in-memory search: the document count it read first, and its end. */
interface MemoryBuild {
  total: Promise<number>;
  done: Promise<void>;
}

interface CachedPage {
  expires: number;
  page: Promise<SearchAnswer>;
}

export class SearchService {
  /** Minimum time between two looks for catalogue changes (0: look before every search). */
  freshnessIntervalMs = 1_000;
  /** Maximum time between two full comparisons of works with their documents, changes or not. */
  fullCheckIntervalMs = 60_000;
  /** How long an identical search reuses a result page (0: never). */
  resultTtlMs = 5_000;
  /** How often the in-memory search reads the works' view and favourite counts again. */
  countersRefreshMs = 5_000;
  /** Catalogues up to this many documents are searched in memory (tests set 0 for the database's). */
  memoryMaxDocs = MEMORY_SEARCH_MAX_DOCS;
  /** Catalogues up to this many documents are indexed in well under a second: a search waits for it. */
  memoryWaitMaxDocs = MEMORY_WAIT_MAX_DOCS;
  /** Least time between two background builds of the in-memory search of a large catalogue. */
  memoryRebuildIntervalMs = 15_000;
  private lastCheck = -Infinity;
  private lastFullCheck = -Infinity;
  private refreshing: Promise<void> | null = null;
  private readonly pages = new Map<string, CachedPage>();
  /** The in-memory search (search-memory.ts) and the generation of the documents it was built from. */
  private memoryReady: { index: MemorySearchIndex; generation: number } | null = null;
  /** Moves whenever the documents change: an index of an older generation is not used. */
  private memoryGeneration = 0;
  private memoryBuild: MemoryBuild | null = null;
  private memoryBuildStarted = -Infinity;
  /** The document count the last build read (0 before any). */
  private memoryDocumentTotal = 0;
  /** The Latin words of the titles and people, for typo correction; loaded when first needed. */
  private vocabulary: Promise<Vocabulary> | null = null;
  /** Titles and authors offered as the reader types, and whether the catalogue moved since. */
  private suggestions: Promise<SuggestIndex> | null = null;
  private suggestionsStale = false;
  private countersAt = -Infinity;
  private countersLoad: Promise<void> | null = null;
  private readonly counters = new Map<number, { views: number; favorites: number }>();
  /**
   * Presented cards (without their counters, taken from `counters`) at catalogue version
   * `cardsVersion` (migration 0023): a search that sees another version drops them all first.
   */
  private readonly cards = new Map<number, WorkCard>();
  /** Hits and misses of the page and card caches (the metrics plugin sets the app's counter). */
  cacheMetrics: CacheMetrics = NO_CACHE_METRICS;
  private cardsVersion = -1;

  constructor(
    private readonly search: SearchRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly works: CatalogueService,
  ) {}

  /** Refreshes the index unless it was checked within the interval; concurrent callers share one run. */
  private async ensureFresh(): Promise<void> {
    if (Date.now() - this.lastCheck < this.freshnessIntervalMs) return;
    if (!this.refreshing) {
      this.refreshing = this.refreshIfChanged().finally(() => {
        this.lastCheck = Date.now();
        this.refreshing = null;
      });
    }
    await this.refreshing;
  }

  private async refreshIfChanged(): Promise<void> {
    const started = Date.now();
    const fullDue = started - this.lastFullCheck >= this.fullCheckIntervalMs * this.catalogueScale();
    if (!fullDue && !(await this.search.hasChanges())) return;
    // Forget the recorded changes first: the comparison that follows sees all of them.
    await this.search.takeChanges();
    try {
      await this.refreshIndex();
      this.lastFullCheck = started;
    } catch (error) {
      this.lastFullCheck = -Infinity; // the forgotten changes are found by a full check next time
      throw error;
    }
  }

  /** Brings the index up to date with the works; returns how many documents changed. */
  async refreshIndex(): Promise<number> {
    try {
      const changed = await this.reindexChanged();
      if (changed > 0) {
        this.forgetMemory(); // the next search loads the documents again
        this.vocabulary = null;
      }
      return changed;
    } finally {
      this.pages.clear(); // pages found before or during the re-index may be stale
    }
  }

  /**
   * Forgets the result pages and the in-memory search (its documents are read again at the next
   * search): another instance re-indexed (shared-state/cache-bus.ts).
   */
  dropCaches(): void {
    this.pages.clear();
    this.forgetMemory();
    this.vocabulary = null;
    this.suggestionsStale = true;
  }

  /**
   * Follows the catalogue version (one primary-key probe): when it moved, the kept cards and
   * pages are dropped and the index is checked for changes now rather than within the interval,
   * so an unpublished or renamed work leaves the results at once. Answers the version read.
   */
  private async followCatalogue(): Promise<number> {
    const version = await this.catalogue.catalogueVersion();
    if (version !== this.cardsVersion) {
      this.cards.clear();
      this.pages.clear();
      this.cardsVersion = version;
      this.lastCheck = -Infinity;
      this.suggestionsStale = true;
    }
    return version;
  }

  /** The in-memory search no longer matches the documents: drop it (a new one is built on demand). */
  private forgetMemory(): void {
    this.memoryGeneration += 1;
    this.memoryReady = null;
  }

  /**
   * The in-memory search when it holds the current documents, else null (the database answers).
   * A catalogue of up to `memoryWaitMaxDocs` works is indexed in a moment, so a search waits for
   * its build; a larger one is built in the background (search-memory.ts lets the event loop go
   * between slices) while the database answers, and after a change at most once per
   * `memoryRebuildIntervalMs`, so an import that changes works all the time does not keep an
   * instance rebuilding.
   */
  private async memoryIndex(): Promise<MemorySearchIndex | null> {
    const ready = this.memoryReady;
    if (ready && ready.generation === this.memoryGeneration) return ready.index;
    const build = this.memoryBuild ?? this.startMemoryBuild();
    if (!build) return null;
    if ((await build.total) > this.memoryWaitMaxDocs) return null;
    await build.done;
    const built = this.memoryReady;
    return built && built.generation === this.memoryGeneration ? built.index : null;
  }

  private startMemoryBuild(): MemoryBuild | null {
    const large = this.memoryDocumentTotal > this.memoryWaitMaxDocs;
    if (large && Date.now() - this.memoryBuildStarted < this.memoryRebuildIntervalMs) return null;
    this.memoryBuildStarted = Date.now();
    const generation = this.memoryGeneration;
    const total = this.search.documentTotal().then((count) => {
      this.memoryDocumentTotal = count;
      return count;
    });
    const done = (async () => {
      if ((await total) > this.memoryMaxDocs) return;
      const index = await MemorySearchIndex.build(await this.search.memoryDocuments());
      if (generation === this.memoryGeneration) this.memoryReady = { index, generation };
    })();
    const build = { total, done };
    this.memoryBuild = build;
    // A failed build is forgotten (the next search starts another); its error reaches the waiter.
    done
      .catch(() => undefined)
      .finally(() => {
        if (this.memoryBuild === build) this.memoryBuild = null;
      });
    return build;
  }

  /**
   * How many times SCALED_INTERVAL_DOCS documents the catalogue holds (at least 1): the safety-net
   * comparison and the counters' snapshot read the whole catalogue, so on a larger one they run
   * that much less often, and their cost per second stays the same (at 100,000 works: the counters
   * every 25 s instead of 5, the comparison every 5 minutes instead of 1).
   */
  private catalogueScale(): number {
    return Math.max(1, this.memoryDocumentTotal / SCALED_INTERVAL_DOCS);
  }

  /** Reads the view and favourite counts again when the snapshot is older than the interval. */
  private async refreshCounters(index: MemorySearchIndex): Promise<void> {
    if (Date.now() - this.countersAt < this.countersRefreshMs * this.catalogueScale()) return;
    this.countersLoad ??= this.search
      .documentCounters()
      .then((rows) => {
        this.counters.clear();
        for (const row of rows)
          this.counters.set(row.work_id, { views: row.views, favorites: row.favorites });
        this.countersAt = Date.now();
      })
      .finally(() => {
        this.countersLoad = null;
      });
    await this.countersLoad;
    index.setViews([...this.counters].map(([work_id, { views }]) => ({ work_id, views })));
  }

  /** Cards of published works `ids` in that order, from the kept cards where possible. */
  private async cardsOf(ids: number[], version: number): Promise<WorkCard[]> {
    const missing = ids.filter((id) => !this.cards.has(id));
    this.cacheMetrics.record('search_cards', true, ids.length - missing.length);
    this.cacheMetrics.record('search_cards', false, missing.length);
    const fetched = new Map<number, WorkCard>();
    if (missing.length) {
      const [rows, people] = await Promise.all([
        this.catalogue.cardsByIds(missing),
        this.catalogue.peopleOf(missing),
      ]);
      for (const row of rows) fetched.set(row.id, presentCard(row, people.get(row.id)));
      // Rows read at an older version than the kept cards' are answered once, not kept.
      if (version === this.cardsVersion) {
        for (const [id, card] of fetched) {
          if (this.cards.size >= CARD_CACHE_MAX) this.cards.delete(this.cards.keys().next().value!);
          this.cards.set(id, card);
        }
      }
    }
    return ids.flatMap((id) => {
      const card = fetched.get(id) ?? this.cards.get(id);
      if (!card) return []; // unpublished since the index was read
      const counts = this.counters.get(id);
      return counts ? [{ ...card, views: counts.views, favorites: counts.favorites }] : [card];
    });
  }

  /**
   * One pass over the works in id order, a window of REINDEX_WINDOW ids at a time, rebuilding the
   * stale documents of each in batches. Always moving on past the last id seen means a document
   * that still looks stale once rebuilt (the database and this code disagreeing on a signature) is
   * rebuilt once a pass, never in a loop, and a first build costs the catalogue once, not once a batch.
   */
  private async reindexChanged(): Promise<number> {
    let changed = await this.search.removeOrphans();
    const last = await this.search.lastWorkId();
    let after = 0;
    while (after < last) {
      const upTo = Math.min(after + REINDEX_WINDOW, last);
      const ids = await this.search.staleWorkIds(REINDEX_BATCH, after, upTo);
      after = ids.length === REINDEX_BATCH ? ids[ids.length - 1]! : upTo;
      if (ids.length > 0) changed += await this.reindex(ids);
    }
    return changed;
  }

  /** Rebuilds the documents of `ids`; answers how many were written. */
  private async reindex(ids: number[]): Promise<number> {
    const [sources, people] = await Promise.all([this.search.sourcesOf(ids), this.catalogue.peopleOf(ids)]);
    const docs = sources.map((work): SearchDocument => {
      const who = people.get(work.id) ?? { authors: [], tags: [] };
      return {
        work_id: work.id,
        type: work.type,
        ...documentTexts({
          title: work.title,
          altTitles: parseAltTitles(work.alt_titles),
          authors: who.authors.map((a) => a.name),
          tags: who.tags.map((t) => t.name),
          summary: work.summary,
        }),
        src_updated_time: Number(work.updated_time),
        src_title: work.title,
        src_alt_titles: work.alt_titles,
        // Characters as the database counts them (code points), not UTF-16 units: an emoji differs.
        src_summary_length: [...work.summary].length,
        src_authors_sig: setSignature([...new Set(who.authors.map((a) => a.id))]),
        src_tags_sig: setSignature(who.tags.map((t) => t.id)),
        forms_version: SEARCH_FORMS_VERSION,
      };
    });
    await this.search.upsertDocuments(docs);
    return docs.length;
  }

  async find(
    userId: number,
    keyword: string,
    type: number,
    page: number,
    limit: number,
  ): Promise<SearchAnswer> {
    const { terms, phrase } = searchTerms(keyword);
    if (terms.length === 0) return { list: [], total: 0 };
    const version = await this.followCatalogue();
    await this.ensureFresh();
    const answer = await this.resultPage(terms, phrase, type, offsetOf(page, limit), limit, version);
    if (page === 1) {
      const time = now();
      // Recorded as typed (only case and width normalised): a reader's recent searches keep their script.
      const typed = keyword.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
      await this.search.recordSearch(userId, typed, time, dayOf(time), {
        keep: RECENT_KEEP,
        popular: answer.total > 0,
      });
    }
    return answer;
  }

  /**
   * A page of cards, shared by identical searches for `resultTtlMs` (oldest dropped first). The
   * page holds nothing of the user, so the very object is answered again (the route marks it
   * `sharedAnswer`: checked, serialised and sealed once) and must not be changed.
   */
  private resultPage(
    terms: string[],
    phrase: string,
    type: number,
    offset: number,
    limit: number,
    version: number,
  ): Promise<SearchAnswer> {
    const key = `${type} ${offset} ${limit} ${phrase}`;
    const time = Date.now();
    const cached = this.pages.get(key);
    const fresh = cached !== undefined && cached.expires > time;
    if (this.resultTtlMs > 0) this.cacheMetrics.record('search_pages', fresh);
    if (fresh) return cached.page;
    const page = this.findPage(terms, phrase, type, offset, limit, version);
    if (this.resultTtlMs <= 0) return page;
    this.pages.delete(key);
    if (this.pages.size >= RESULT_CACHE_MAX) this.pages.delete(this.pages.keys().next().value!);
    const entry = { expires: time + this.resultTtlMs, page };
    this.pages.set(key, entry);
    // A failed search is not remembered.
    page.catch(() => {
      if (this.pages.get(key) === entry) this.pages.delete(key);
    });
    return page;
  }

  /** A page of cards: from the in-memory search when it holds the catalogue, else the database's. */
  private async findPage(
    terms: string[],
    phrase: string,
    type: number,
    offset: number,
    limit: number,
    version: number,
  ): Promise<SearchAnswer> {
    const memory = await this.memoryIndex();
    const pageOf = async (words: string[], wanted: string): Promise<Paged<WorkCard>> => {
      if (!memory) {
        const { rows, total } = await this.search.search(words, wanted, type, offset, limit);
        return { list: await this.works.cards(rows), total };
      }
      await this.refreshCounters(memory);
      const { ids, total } = memory.search(words, wanted, type, offset, limit);
      return { list: await this.cardsOf(ids, version), total };
    };
    const answer = await pageOf(terms, phrase);
    // Every term is held somewhere when anything matches: only an empty answer is read again.
    if (answer.total >= FEW_RESULTS) return answer;
    if (answer.total > 0) {
      const totalOf = async (words: string[]) =>
        memory
          ? memory.search(words, words.join(' '), type, 0, 1).total
          : (await this.search.search(words, words.join(' '), type, 0, 1)).total;
      const better = await this.betterKeyword(terms, answer.total, totalOf);
      return better === null ? answer : { ...answer, didYouMean: better };
    }
    const holds = memory
      ? async (term: string) => memory.holds(term)
      : (term: string) => this.search.holds(term);
    const read = await this.readTerms(terms, holds);
    if (!read.changed) return answer;
    const wanted = read.terms.join(' ');
    const again = await pageOf(read.terms, wanted);
    return read.corrected ? { ...again, suggestion: wanted } : again;
  }

  /**
   * For a query that found a few works (`found`) with every word held somewhere: the query with
   * one Latin word replaced by its nearest vocabulary word, when that finds clearly more (at least
   * FEW_RESULTS and twice as many; "mistery" held by one summary, "mystery" by many). The reader
   * keeps the works of what they typed and is offered the other keyword. Null when none does.
   */
  private async betterKeyword(
    terms: string[],
    found: number,
    totalOf: (terms: string[]) => Promise<number>,
  ): Promise<string | null> {
    let best: { keyword: string; total: number } | null = null;
    for (const [i, term] of terms.entries()) {
      if (!isLatinWord(term) || allowedEdits(term.length) === 0) continue;
      const nearest = (await this.vocabularyIndex()).nearest(term, false);
      if (nearest === null) continue;
      const words = [...new Set(terms.map((t, j) => (j === i ? nearest : t)))];
      const total = await totalOf(words);
      if (total >= FEW_RESULTS && total >= found * 2 && (!best || total > best.total))
        best = { keyword: words.join(' '), total };
    }
    return best?.keyword ?? null;
  }

  /**
   * The terms as searched: each that some document holds as it is, else its first pinyin reading
   * some document holds (a mixed word, 海zw → hzw), else for a Latin word its nearest vocabulary
   * word (`corrected`; the last word may be the start of one, as the reader is still typing).
   */
  private async readTerms(
    terms: string[],
    holds: (term: string) => Promise<boolean>,
  ): Promise<{ terms: string[]; changed: boolean; corrected: boolean }> {
    const read: string[] = [];
    let corrected = false;
    for (const [i, term] of terms.entries()) {
      if (await holds(term)) {
        read.push(term);
        continue;
      }
      let replacement: string | undefined;
      for (const form of mixedTermForms(term)) {
        if (await holds(form)) {
          replacement = form;
          break;
        }
      }
      if (replacement === undefined && isLatinWord(term)) {
        const nearest = (await this.vocabularyIndex()).nearest(term, i === terms.length - 1);
        if (nearest !== null && (await holds(nearest))) {
          replacement = nearest;
          corrected = true;
        }
      }
      read.push(replacement ?? term);
    }
    const unique = [...new Set(read)];
    return { terms: unique, changed: unique.join(' ') !== terms.join(' '), corrected };
  }

  private vocabularyIndex(): Promise<Vocabulary> {
    if (!this.vocabulary) {
      const load = this.search.vocabularyTexts().then((texts) => new Vocabulary(texts));
      this.vocabulary = load;
      load.catch(() => {
        if (this.vocabulary === load) this.vocabulary = null;
      });
    }
    return this.vocabulary;
  }

  /**
   * Up to `limit` titles and authors for what the reader has typed so far, from memory. After a
   * catalogue change the kept suggestions answer while new ones are built behind them.
   */
  async suggest(keyword: string, type: number, limit: number): Promise<{ list: Suggestion[] }> {
    await this.followCatalogue();
    if (this.suggestions && this.suggestionsStale) {
      this.suggestionsStale = false;
      const current = this.suggestions;
      const next = this.loadSuggestions();
      this.suggestions = current;
      next.then(
        () => {
          if (this.suggestions === current) this.suggestions = next;
        },
        () => {
          this.suggestionsStale = true; // try again at the next keystroke
        },
      );
    }
    if (!this.suggestions) {
      this.suggestionsStale = false;
      const load = this.loadSuggestions();
      this.suggestions = load;
      load.catch(() => {
        if (this.suggestions === load) this.suggestions = null;
      });
    }
    const index = await this.suggestions;
    return { list: index.suggest(keyword, type, limit) };
  }

  private async loadSuggestions(): Promise<SuggestIndex> {
    return new SuggestIndex(await this.search.suggestSources(SUGGEST_SOURCES_MAX));
  }

  async recent(userId: number) {
    const rows = await this.search.history(userId, RECENT_KEEP);
    return { list: rows.map((row) => ({ keyword: row.keyword, addtime: Number(row.searched_time) })) };
  }

  async clearRecent(userId: number): Promise<Record<string, never>> {
    await this.search.clearHistory(userId);
    return {};
  }

  async hot(limit: number) {
    return { list: await this.search.hot(dayOf(now()) - HOT_WINDOW_DAYS + 1, limit) };
  }
}
