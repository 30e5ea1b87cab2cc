/**
 * The OPDS 1.2 feeds, built from the same services as the app: CatalogueService for lists,
 * categories and chapter lists (with the app's `locked` verdict per chapter, i.e. VIP rules and
 * purchases), SearchService for search. Anime cannot be read in an e-reader, so it has no section;
 * an anime search hit is listed with a note instead of a link.
 *
 * Paths (all under /opds, all behind HTTP Basic with an app token):
 *   /opds                         root navigation: comics, novels, search
 *   /opds/{kind}                  kind navigation: new, popular, categories   (kind: comics|novels)
 *   /opds/{kind}/categories       one navigation entry per category
 *   /opds/{kind}/new|popular      works, newest updated / most viewed first, paged
 *   /opds/{kind}/categories/{id}  works of a category, paged
 *   /opds/search?q=               works of every kind matching q, paged
 *   /opds/works/{id}              a comic's readable chapters (PSE stream + CBZ) or a novel (EPUB), paged
 *
 * A feed's kind follows its entries (OPDS 1.2 §2): only a feed whose every entry carries an
 * acquisition link is an acquisition feed. So novel lists and every work's own feed are
 * acquisition feeds; comic lists (each comic leads to its chapter feed) and search results (comics
 * and novels mixed, each leading to its work's feed) are navigation feeds. Chapters the account
 * may not read are left out of a comic's feed rather than listed without a link (see chapterEntry).
 */
import type { ChapterItem, WorkCard } from '@dm51/shared';
import type { Paged } from '../services/catalogue-paging.js';
import type { CatalogueService } from '../services/catalogue.service.js';
import type { SearchService } from '../services/search.service.js';
import { MIME, REL, type AtomEntry, type AtomFeed, type AtomLink } from './atom.js';
import type { OpdsRepository, WorkExtras } from './opds.repository.js';

export const KINDS = { comics: 0, novels: 1 } as const;
export type Kind = keyof typeof KINDS;

export const WORKS_PER_PAGE = 20;
export const CHAPTERS_PER_PAGE = 50;

/** What a list of works of this kind is: novels carry their EPUB, comics lead to their chapters. */
const listKind = (kind: Kind): AtomFeed['kind'] => (kind === 'novels' ? 'acquisition' : 'navigation');
const feedType = (kind: AtomFeed['kind']) => (kind === 'acquisition' ? MIME.acquisition : MIME.navigation);

const KIND_TITLES: Record<Kind, string> = { comics: 'Comics 漫画', novels: 'Novels 小说' };

const ROOT = '/opds';
const startLink: AtomLink = { rel: 'start', href: ROOT, type: MIME.navigation, title: '51动漫' };
const searchLink: AtomLink = {
  rel: 'search',
  href: `${ROOT}/search.xml`,
  type: MIME.openSearch,
  title: 'Search',
};

export const coverHref = (workId: number) => `${ROOT}/covers/${workId}`;
export const thumbnailHref = (workId: number) => `${ROOT}/covers/${workId}?maxWidth=240`;
export const epubHref = (workId: number) => `${ROOT}/works/${workId}/epub`;
export const cbzHref = (chapterId: number) => `${ROOT}/chapters/${chapterId}/cbz`;
/** OPDS-PSE: the app fills {pageNumber} (0-based) and {maxWidth}. */
export const pseHref = (chapterId: number) =>
  `${ROOT}/chapters/${chapterId}/pages/{pageNumber}?maxWidth={maxWidth}`;

const now = () => Math.floor(Date.now() / 1000);

function navEntry(
  id: string,
  title: string,
  content: string,
  href: string,
  type: string,
  rel = 'subsection',
): AtomEntry {
  return { id: `urn:dm51:opds:${id}`, title, content, updated: now(), links: [{ rel, href, type }] };
}

function navFeed(id: string, title: string, self: string, entries: AtomEntry[], up?: string): AtomFeed {
  return {
    id: `urn:dm51:opds:${id}`,
    title,
    updated: now(),
    kind: 'navigation',
    links: [
      { rel: 'self', href: self, type: MIME.navigation },
      startLink,
      ...(up ? [{ rel: 'up', href: up, type: MIME.navigation }] : []),
      searchLink,
    ],
    entries,
  };
}

/** self/next/previous/first links of a paged feed; `base` may carry a query already. */
function pageLinks(
  base: string,
  page: number,
  total: number,
  perPage: number,
  kind: AtomFeed['kind'],
): AtomLink[] {
  const type = feedType(kind);
  const at = (n: number) => (n === 1 ? base : `${base}${base.includes('?') ? '&' : '?'}page=${n}`);
  const last = Math.max(1, Math.ceil(total / perPage));
  return [
    { rel: 'self', href: at(page), type },
    ...(page > 1 ? [{ rel: 'first', href: at(1), type }] : []),
    ...(page > 1 ? [{ rel: 'previous', href: at(Math.min(page - 1, last)), type }] : []),
    ...(page < last ? [{ rel: 'next', href: at(page + 1), type }] : []),
  ];
}

function describe(card: WorkCard, extra: WorkExtras | undefined): string {
  const facts = [
    card.isend ? 'Finished 完结' : 'Ongoing 连载',
    `${card.chapter_count} chapters`,
    card.pay === 2 ? 'VIP' : '',
  ].filter(Boolean);
  const summary = extra?.summary.trim() ?? '';
  return summary ? `${summary}\n\n${facts.join(' · ')}` : facts.join(' · ');
}

export class OpdsFeeds {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly search: SearchService,
    private readonly works: OpdsRepository,
  ) {}

  root(): AtomFeed {
    return navFeed('root', '51动漫', ROOT, [
      navEntry(
        'comics',
        KIND_TITLES.comics,
        'Comics by category, newest and most popular',
        `${ROOT}/comics`,
        MIME.navigation,
      ),
      navEntry(
        'novels',
        KIND_TITLES.novels,
        'Novels as EPUB, by category, newest and most popular',
        `${ROOT}/novels`,
        MIME.navigation,
      ),
    ]);
  }

  kind(kind: Kind): AtomFeed {
    const base = `${ROOT}/${kind}`;
    return navFeed(
      kind,
      KIND_TITLES[kind],
      base,
      [
        navEntry(
          `${kind}:new`,
          'New 最新',
          'Recently updated first',
          `${base}/new`,
          feedType(listKind(kind)),
          REL.sortNew,
        ),
        navEntry(
          `${kind}:popular`,
          'Popular 热门',
          'Most read first',
          `${base}/popular`,
          feedType(listKind(kind)),
          REL.sortPopular,
        ),
        navEntry(
          `${kind}:categories`,
          'Categories 分类',
          'Browse by category',
          `${base}/categories`,
          MIME.navigation,
        ),
      ],
      ROOT,
    );
  }

  async categories(kind: Kind): Promise<AtomFeed> {
    const { categories } = await this.catalogue.filterOptions(KINDS[kind]);
    const base = `${ROOT}/${kind}`;
    return navFeed(
      `${kind}:categories`,
      `${KIND_TITLES[kind]} · Categories 分类`,
      `${base}/categories`,
      categories
        .filter((category) => category.count > 0)
        .map((category) =>
          navEntry(
            `${kind}:category:${category.id}`,
            category.name,
            `${category.count} works`,
            `${base}/categories/${category.id}`,
            feedType(listKind(kind)),
          ),
        ),
      base,
    );
  }

  /** Works of a kind: newest, most popular, or of a category (null when the category is not of the kind). */
  async list(kind: Kind, order: 'new' | 'hot', page: number, categoryId = 0): Promise<AtomFeed | null> {
    let title = `${KIND_TITLES[kind]} · ${order === 'new' ? 'New 最新' : 'Popular 热门'}`;
    let path = `${ROOT}/${kind}/${order === 'new' ? 'new' : 'popular'}`;
    if (categoryId > 0) {
      const { categories } = await this.catalogue.filterOptions(KINDS[kind]);
      const category = categories.find((c) => c.id === categoryId);
      if (!category) return null;
      title = `${KIND_TITLES[kind]} · ${category.name}`;
      path = `${ROOT}/${kind}/categories/${categoryId}`;
    }
    const result = await this.catalogue.works({
      type: KINDS[kind],
      categoryId,
      tagId: 0,
      status: 0,
      pay: 0,
      order,
      page,
      limit: WORKS_PER_PAGE,
    });
    const feed = { id: `list:${path}`, title, base: path, up: `${ROOT}/${kind}`, kind: listKind(kind) };
    return this.worksFeed(feed, page, result);
  }

  /** Search results mix kinds, so every hit leads to its work's own feed (a navigation feed). */
  async searchResults(userId: number, query: string, page: number): Promise<AtomFeed> {
    const result = await this.search.find(userId, query, -1, page, WORKS_PER_PAGE);
    const base = `${ROOT}/search?q=${encodeURIComponent(query)}`;
    const feed = { id: `search:${query}`, title: `Search 搜索: ${query}`, base, up: ROOT };
    return this.worksFeed({ ...feed, kind: 'navigation' }, page, result);
  }

  private async worksFeed(
    feed: { id: string; title: string; base: string; up: string; kind: AtomFeed['kind'] },
    page: number,
    result: Paged<WorkCard>,
  ): Promise<AtomFeed> {
    const { id, title, base, up, kind } = feed;
    const extras = await this.works.extras(result.list.map((card) => card.relate_id));
    return {
      id: `urn:dm51:opds:${id}:${page}`,
      title,
      updated: Math.max(0, ...result.list.map((card) => card.updated_time)) || now(),
      kind,
      links: [
        ...pageLinks(base, page, result.total, WORKS_PER_PAGE, kind),
        startLink,
        { rel: 'up', href: up, type: MIME.navigation },
        searchLink,
      ],
      entries: result.list.map((card) => this.workEntry(card, extras.get(card.relate_id), kind)),
      paging: { total: result.total, perPage: WORKS_PER_PAGE, startIndex: (page - 1) * WORKS_PER_PAGE + 1 },
    };
  }

  /**
   * A work in a list: in an acquisition feed (novels) with its EPUB; in a navigation feed with a
   * link to its own feed (a comic's chapters, a novel's EPUB entry) and no acquisition link.
   */
  private workEntry(card: WorkCard, extra: WorkExtras | undefined, feedKind: AtomFeed['kind']): AtomEntry {
    const id = card.relate_id;
    const images: AtomLink[] = card.pic
      ? [
          { rel: REL.image, href: coverHref(id), type: MIME.jpeg },
          { rel: REL.thumbnail, href: thumbnailHref(id), type: MIME.jpeg },
        ]
      : [];
    const entry: AtomEntry = {
      id: `urn:dm51:work:${id}`,
      title: card.name,
      updated: card.updated_time,
      authors: card.author ? card.author.split(' / ') : [],
      categories: card.tags,
      ...(extra?.language ? { language: extra.language } : {}),
      content: describe(card, extra),
      links: images,
    };
    if (card.type === KINDS.comics) {
      entry.links = [
        ...images,
        { rel: 'subsection', href: `${ROOT}/works/${id}`, type: MIME.acquisition, title: 'Chapters' },
      ];
    } else if (card.type === KINDS.novels && feedKind === 'navigation') {
      entry.links = [
        ...images,
        { rel: 'subsection', href: `${ROOT}/works/${id}`, type: MIME.acquisition, title: 'EPUB' },
      ];
    } else if (card.type === KINDS.novels) {
      entry.links = [...images, { rel: REL.acquisition, href: epubHref(id), type: MIME.epub, title: 'EPUB' }];
    } else {
      entry.content = `Anime: watch it in the 51动漫 app (e-readers cannot play video).\n\n${entry.content}`;
    }
    return entry;
  }

  /** A work's feed: a comic's chapters (readable ones streamable), a novel's EPUB; null when not found. */
  async work(userId: number, workId: number, page: number): Promise<AtomFeed | null> {
    const type = await this.typeOfWork(workId);
    if (type === null) return null;
    const detail = await this.catalogue.detail(userId, workId, type);
    const self = `${ROOT}/works/${workId}`;
    const kind: Kind = type === KINDS.comics ? 'comics' : 'novels';
    if (type === KINDS.novels) {
      return {
        id: `urn:dm51:opds:work:${workId}`,
        title: detail.name,
        updated: detail.updated_time,
        kind: 'acquisition',
        links: [
          { rel: 'self', href: self, type: MIME.acquisition },
          startLink,
          { rel: 'up', href: `${ROOT}/${kind}`, type: MIME.navigation },
          searchLink,
        ],
        entries: [
          {
            id: `urn:dm51:work:${workId}`,
            title: detail.name,
            updated: detail.updated_time,
            authors: detail.author ? detail.author.split(' / ') : [],
            content: detail.summary || detail.name,
            links: [
              ...(detail.pic
                ? [
                    { rel: REL.image, href: coverHref(workId), type: MIME.jpeg },
                    { rel: REL.thumbnail, href: thumbnailHref(workId), type: MIME.jpeg },
                  ]
                : []),
              { rel: REL.acquisition, href: epubHref(workId), type: MIME.epub, title: 'EPUB' },
            ],
          },
        ],
      };
    }
    const readable = await this.readableChapters(userId, workId, type);
    const chapters = {
      total: readable.length,
      list: readable.slice((page - 1) * CHAPTERS_PER_PAGE, page * CHAPTERS_PER_PAGE),
    };
    return {
      id: `urn:dm51:opds:work:${workId}:${page}`,
      title: detail.name,
      updated: detail.updated_time,
      kind: 'acquisition',
      links: [
        ...pageLinks(self, page, chapters.total, CHAPTERS_PER_PAGE, 'acquisition'),
        startLink,
        { rel: 'up', href: `${ROOT}/${kind}`, type: MIME.navigation },
        searchLink,
      ],
      entries: chapters.list.map((chapter) =>
        this.chapterEntry(workId, detail.name, detail.author, Boolean(detail.pic), chapter),
      ),
      paging: {
        total: chapters.total,
        perPage: CHAPTERS_PER_PAGE,
        startIndex: (page - 1) * CHAPTERS_PER_PAGE + 1,
      },
    };
  }

  /**
   * The chapters this account may read, in order (the app's `locked` verdict: VIP rules and
   * purchases). Paged here rather than by the database so every page is full and the counts are
   * of what the feed lists.
   */
  private async readableChapters(userId: number, workId: number, type: number): Promise<ChapterItem[]> {
    const readable: ChapterItem[] = [];
    for (let page = 1; ; page += 1) {
      const { list, total } = await this.catalogue.chapters(userId, workId, type, 'asc', page, 100);
      readable.push(...list.filter((chapter) => !chapter.locked));
      if (page * 100 >= total || list.length === 0) return readable;
    }
  }

  private async typeOfWork(workId: number): Promise<number | null> {
    for (const type of [KINDS.comics, KINDS.novels]) {
      try {
        await this.catalogue.requireWork(workId, type);
        return type;
      } catch {
        // not of this type (or not published): try the other readable kind
      }
    }
    return null;
  }

  /**
   * A chapter the account may read: the PSE stream and a CBZ download. Locked chapters (VIP only,
   * or bought with coins) are not listed at all: an acquisition feed's entries must carry an
   * acquisition link, and the only one OPDS 1.2 has for them, `acquisition/buy` with an
   * `opds:price`, fits neither a coin price (no ISO 4217 currency) nor VIP (a subscription); and
   * KOReader offers every acquisition/* link as a download and would fetch the app's HTML as a book.
   * The app lists them; once unlocked there, they appear here.
   */
  private chapterEntry(
    workId: number,
    workName: string,
    author: string,
    hasCover: boolean,
    chapter: ChapterItem,
  ): AtomEntry {
    const images: AtomLink[] = hasCover
      ? [{ rel: REL.thumbnail, href: thumbnailHref(workId), type: MIME.jpeg }]
      : [];
    const base = {
      id: `urn:dm51:chapter:${chapter.id}`,
      title: chapter.name,
      updated: chapter.updated_time,
      authors: author ? author.split(' / ') : [],
    };
    return {
      ...base,
      content: `${workName} · ${chapter.name} · ${chapter.page_count} pages`,
      links: [
        ...images,
        {
          rel: REL.pseStream,
          href: pseHref(chapter.id),
          type: MIME.jpeg,
          extra: { 'pse:count': chapter.page_count },
        },
        {
          rel: REL.acquisition,
          href: cbzHref(chapter.id),
          type: 'application/vnd.comicbook+zip',
          title: 'CBZ',
        },
      ],
    };
  }
}

/** Why a chapter does not open for this account, in the words the app uses. */
export function lockedReason(pay: number): string {
  return pay === 2
    ? 'VIP chapter: become a VIP in the 51动漫 app to read it here.'
    : 'Paid chapter: unlock it with coins in the 51动漫 app to read it here.';
}
