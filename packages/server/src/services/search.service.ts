/**
 * Search over the index kept by this service. The importer writes works without knowing about the
 * index, so before answering a search the service re-indexes works whose source values changed
 * (a single join compares each document with its work; see SearchRepository.staleWorkIds) and
 * drops documents of unpublished or deleted works. No triggers, so both databases behave alike.
 * The check costs a scan of the works and their author/tag links (about 75 ms at 10,000 works on
 * SQLite), so it runs at most once per `freshnessIntervalMs`: an imported change shows up in search
 * within a second.
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
const now = () => Math.floor(Date.now() / 1000);

/** Lowercased (NFKC, so full-width Latin matches) whitespace-separated terms, each once. */
export function searchTerms(keyword: string): { terms: string[]; phrase: string } {
  const phrase = keyword.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
  const terms = [...new Set(phrase.split(' ').filter(Boolean))].slice(0, MAX_TERMS);
  return { terms, phrase };
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

export class SearchService {
  /** Minimum time between two index freshness checks (0: check before every search). */
  freshnessIntervalMs = 1_000;
  private lastCheck = -Infinity;
  private refreshing: Promise<number> | null = null;

  constructor(
    private readonly search: SearchRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly works: CatalogueService,
  ) {}

  /** Refreshes the index unless it was checked within the interval; concurrent callers share one run. */
  private async ensureFresh(): Promise<void> {
    if (Date.now() - this.lastCheck < this.freshnessIntervalMs) return;
    if (!this.refreshing) {
      this.refreshing = this.refreshIndex().finally(() => {
        this.lastCheck = Date.now();
        this.refreshing = null;
      });
    }
    await this.refreshing;
  }

  /** Brings the index up to date with the works; returns how many documents changed. */
  async refreshIndex(): Promise<number> {
    let changed = await this.search.removeOrphans();
    for (;;) {
      const ids = await this.search.staleWorkIds(REINDEX_BATCH);
      if (ids.length === 0) return changed;
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
          src_summary_length: work.summary.length,
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
    const { rows, total } = await this.search.search(terms, phrase, type, offsetOf(page, limit), limit);
    if (page === 1) {
      const time = now();
      await this.search.recordSearch(userId, phrase, time, dayOf(time), {
        keep: RECENT_KEEP,
        popular: total > 0,
      });
    }
    return { list: await this.works.cards(rows), total };
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
