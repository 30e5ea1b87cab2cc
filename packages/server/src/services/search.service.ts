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
 */
import type { WorkCard } from '@dm51/shared';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import {
  setSignature,
  type SearchDocument,
  type SearchRepository,
} from '../repositories/search.repository.js';
import { offsetOf, type CatalogueService, type Paged } from './catalogue.service.js';
import { parseAltTitles } from '../presenters/work.presenter.js';
import { dayOf } from './view-counter.service.js';

const RECENT_KEEP = 20;
const MAX_TERMS = 8;
const HOT_WINDOW_DAYS = 30;
const REINDEX_BATCH = 500;
const RESULT_CACHE_MAX = 500;
const now = () => Math.floor(Date.now() / 1000);

/** Lowercased (NFKC, so full-width Latin matches) whitespace-separated terms, each once. */
export function searchTerms(keyword: string): { terms: string[]; phrase: string } {
  const phrase = keyword.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
  const terms = [...new Set(phrase.split(' ').filter(Boolean))].slice(0, MAX_TERMS);
  return { terms, phrase };
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

interface CachedPage {
  expires: number;
  page: Promise<Paged<WorkCard>>;
}

export class SearchService {
  /** Minimum time between two looks for catalogue changes (0: look before every search). */
  freshnessIntervalMs = 1_000;
  /** Maximum time between two full comparisons of works with their documents, changes or not. */
  fullCheckIntervalMs = 60_000;
  /** How long an identical search reuses a result page (0: never). */
  resultTtlMs = 5_000;
  private lastCheck = -Infinity;
  private lastFullCheck = -Infinity;
  private refreshing: Promise<void> | null = null;
  private readonly pages = new Map<string, CachedPage>();

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
    const fullDue = started - this.lastFullCheck >= this.fullCheckIntervalMs;
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
      return await this.reindexChanged();
    } finally {
      this.pages.clear(); // pages found before or during the re-index may be stale
    }
  }

  private async reindexChanged(): Promise<number> {
    let changed = await this.search.removeOrphans();
    const reindexed = new Set<number>();
    for (;;) {
      const ids = await this.search.staleWorkIds(REINDEX_BATCH);
      // A document that still looks stale right after it was rebuilt would be rebuilt forever
      // (the database and this code disagreeing on a signature): stop rather than spin.
      if (ids.every((id) => reindexed.has(id))) return changed;
      ids.forEach((id) => reindexed.add(id));
      const [sources, people] = await Promise.all([this.search.sourcesOf(ids), this.catalogue.peopleOf(ids)]);
      const docs = sources.map((work): SearchDocument => {
        const who = people.get(work.id) ?? { authors: [], tags: [] };
        const titleText = fold([work.title, ...parseAltTitles(work.alt_titles)].join('\n'));
        const peopleText = fold(
          [...who.authors.map((a) => a.name), ...who.tags.map((t) => t.name)].join('\n'),
        );
        const summaryText = fold(work.summary);
        return {
          work_id: work.id,
          type: work.type,
          title_text: titleText,
          people_text: peopleText,
          summary_text: summaryText,
          body: `${titleText}\n${peopleText}\n${summaryText}`,
          src_updated_time: Number(work.updated_time),
          src_title: work.title,
          src_alt_titles: work.alt_titles,
          // Characters as the database counts them (code points), not UTF-16 units: an emoji differs.
          src_summary_length: [...work.summary].length,
          src_authors_sig: setSignature([...new Set(who.authors.map((a) => a.id))]),
          src_tags_sig: setSignature(who.tags.map((t) => t.id)),
        };
      });
      await this.search.upsertDocuments(docs);
      changed += docs.length;
    }
  }

  async find(
    userId: number,
    keyword: string,
    type: number,
    page: number,
    limit: number,
  ): Promise<Paged<WorkCard>> {
    const { terms, phrase } = searchTerms(keyword);
    if (terms.length === 0) return { list: [], total: 0 };
    await this.ensureFresh();
    const answer = await this.resultPage(terms, phrase, type, offsetOf(page, limit), limit);
    if (page === 1) {
      const time = now();
      await this.search.recordSearch(userId, phrase, time, dayOf(time), {
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
  ): Promise<Paged<WorkCard>> {
    const key = `${type} ${offset} ${limit} ${phrase}`;
    const time = Date.now();
    const cached = this.pages.get(key);
    if (cached && cached.expires > time) return cached.page;
    const page = this.search
      .search(terms, phrase, type, offset, limit)
      .then(async ({ rows, total }) => ({ list: await this.works.cards(rows), total }));
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
