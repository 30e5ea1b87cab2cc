/**
 * The home tabs (/v3/comic/index, /v3/book/index) and ads. Home data is the same for every session,
 * and every app launch asks for it, so answers are cached for a few seconds per (type, sizes).
 * Once that time is up, the next call still gets the cached answer (up to STALE_MAX_MS old) while
 * one rebuild runs behind it, and the rebuild gives the event loop back between its queries: on
 * SQLite every query runs on the main thread, and the rebuild's ~30 queries in one go (30–50 ms at
 * 10,000 works) held up every request that arrived meanwhile, every five seconds (measured: home's
 * p99 at 500 req/s was 25–41 ms, 10 ms with no rebuilds).
 * Banners and the first recommended works follow the operator's choices (home_picks, console →
 * Catalogue → Home) when a kind has any; otherwise the automatic choice below.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Ad, HomeData } from '@dm51/shared';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { AdsRepository } from '../repositories/catalogue-ads.repository.js';
import type { RankingRepository } from '../repositories/ranking.repository.js';
import type { HomePicks, HomePicksRepository } from '../repositories/home-picks.repository.js';
import type { WorkCardRow } from '../repositories/catalogue.repository.js';
import type { CatalogueService } from './catalogue.service.js';
import { mediaUrlPath } from '../media/media-key.js';
import { presentAd } from '../presenters/ad.presenter.js';
import { dayOf } from './view-counter.service.js';
import { NO_CACHE_METRICS, type CacheMetrics } from '../observability/cache-metrics.js';

const CACHE_MS = 5_000;
/**
 * The oldest cached answer still given while its rebuild runs. Older (a quiet hour), the call waits
 * for fresh data instead; a catalogue change empties the cache at once either way (`invalidate`).
 */
const STALE_MAX_MS = 60_000;
const BANNER_SIZE = 5;
const BANNER_WINDOW_DAYS = 7;
const MAX_CLASSES = 12;
const DETAIL_ROUTE: Record<number, string> = {
  0: '/pages/cartoon/details?column=',
  1: '/pages/novel/cover?column=',
  2: '/pages/anime/details?id=',
};
/**
 * The home banner ad is its own ad row (page 'home_banner'): the 'home' row is the floating widget's
 * portrait picture, which cropped into a wide banner slot would be unreadable.
 */
const HOME_AD_PAGE = 'home_banner';

export interface HomeSizes {
  reco_size: number;
  news_size: number;
  type_size: number;
}

interface CachedHome {
  at: number;
  data: Promise<HomeData>;
  rebuilding: boolean;
}

export class HomeService {
  private cache = new Map<string, CachedHome>();
  /** Moves on every `invalidate`, so a rebuild started before it does not put its data back. */
  private generation = 0;
  /** Hits and misses of the home cache (the metrics plugin sets the app's counter). */
  cacheMetrics: CacheMetrics = NO_CACHE_METRICS;

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly ranking: RankingRepository,
    private readonly ads: AdsRepository,
    private readonly works: CatalogueService,
    private readonly clock: () => number = () => Date.now(),
    private readonly picks: HomePicksRepository | null = null,
  ) {}

  async home(type: number, sizes: HomeSizes): Promise<HomeData> {
    const key = `${type}:${sizes.reco_size}:${sizes.news_size}:${sizes.type_size}`;
    const hit = this.cache.get(key);
    const age = hit === undefined ? Infinity : this.clock() - hit.at;
    this.cacheMetrics.record('home', age < CACHE_MS);
    if (hit && age < CACHE_MS) return hit.data;
    if (hit && age < STALE_MAX_MS) {
      this.rebuildBehind(key, hit, type, sizes);
      return hit.data;
    }
    const entry: CachedHome = { at: this.clock(), data: this.build(type, sizes), rebuilding: false };
    this.cache.set(key, entry);
    // A failed build must not be served from the cache.
    entry.data.catch(() => {
      if (this.cache.get(key) === entry) this.cache.delete(key);
    });
    return entry.data;
  }

  /** One rebuild of a stale entry at a time; its data replaces the entry once complete. */
  private rebuildBehind(key: string, stale: CachedHome, type: number, sizes: HomeSizes): void {
    if (stale.rebuilding) return;
    stale.rebuilding = true;
    const generation = this.generation;
    this.build(type, sizes).then(
      (data) => {
        if (generation !== this.generation || this.cache.get(key) !== stale) return;
        this.cache.set(key, { at: this.clock(), data: Promise.resolve(data), rebuilding: false });
      },
      // The stale answer stays (until STALE_MAX_MS); the next call tries again.
      () => (stale.rebuilding = false),
    );
  }

  /** Drops cached home data (after the catalogue changes, in tests). */
  invalidate(): void {
    this.cache.clear();
    this.generation += 1;
  }

  /** What the home of `type` would show with these choices (the console's preview; not cached). */
  preview(type: number, sizes: HomeSizes, picks: HomePicks): Promise<HomeData> {
    return this.build(type, sizes, picks);
  }

  /** Published works of `ids` in that order (unknown or unpublished ones left out). */
  private async inOrder(ids: number[]): Promise<WorkCardRow[]> {
    const rows = await this.catalogue.cardsByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The queries run one after another with a turn of the event loop between them (`nextTurn`), so
   * no request waits for more than one of them; on PostgreSQL that costs a few round trips of a
   * rebuild nobody waits for.
   */
  private async build(type: number, sizes: HomeSizes, chosen?: HomePicks): Promise<HomeData> {
    const picks = chosen ?? (this.picks ? await this.picks.picks(type) : { banners: [], reco: [] });
    const list = async (order: 'new' | 'score', limit: number) => ({
      rows: await this.catalogue.listWorkRows({
        type,
        categoryId: 0,
        tagId: 0,
        status: 0,
        pay: 0,
        order,
        offset: 0,
        limit,
      }),
    });
    const today = dayOf(Math.floor(this.clock() / 1000));
    const pinnedBanners = picks.banners.length
      ? (await this.inOrder(picks.banners.map((b) => b.workId))).filter((row) => row.type === type)
      : [];
    const pinnedReco = picks.reco.length
      ? (await this.inOrder(picks.reco)).filter((row) => row.type === type).slice(0, sizes.reco_size)
      : [];
    await nextTurn();
    const trending = pinnedBanners.length
      ? { rows: [] }
      : await this.ranking.rank(type, 'views', today - BANNER_WINDOW_DAYS + 1, 0, BANNER_SIZE);
    await nextTurn();
    const autoReco = await list('score', sizes.reco_size + pinnedReco.length);
    await nextTurn();
    const news = await list('new', sizes.news_size);
    await nextTurn();
    const classes =
      sizes.type_size > 0 ? await this.catalogue.categoryShowcase(type, sizes.type_size, MAX_CLASSES) : [];
    await nextTurn();
    const ads = await this.sortAds();
    await nextTurn();
    // Pinned works first, then the automatic ones that are not pinned, up to the size asked.
    const pinnedIds = new Set(pinnedReco.map((row) => row.id));
    const reco = {
      rows: [...pinnedReco, ...autoReco.rows.filter((row) => !pinnedIds.has(row.id))].slice(
        0,
        sizes.reco_size,
      ),
    };
    const images = new Map(picks.banners.map((b) => [b.workId, b.imageKey]));
    const bannerRows: WorkCardRow[] = pinnedBanners.length
      ? pinnedBanners
      : trending.rows.length
        ? trending.rows
        : (await list('score', BANNER_SIZE)).rows;
    const homeAd = ads.ad_list[HOME_AD_PAGE];
    return {
      banner: bannerRows.map((row) => ({
        picx: mediaUrlPath(images.get(row.id) || row.cover_key),
        url: `${DETAIL_ROUTE[row.type] ?? DETAIL_ROUTE[1]}${row.id}`,
        timeout: 0,
        types: row.type,
        relate_id: row.id,
        name: row.title,
      })),
      // timeout 0 = no expiry on the client: the server's schedule already left out an ended ad,
      // and hide_time is the floating widget's collapse delay in ms, not a banner expiry.
      banner_ad: ads.global && homeAd ? { image: homeAd.pic, url: homeAd.url, timeout: 0 } : null,
      reco: await this.works.cards(reco.rows),
      news: await this.cardsAfterTurn(news.rows),
      class: await this.categoryCards(classes),
    };
  }

  private async cardsAfterTurn(rows: WorkCardRow[]) {
    await nextTurn();
    return this.works.cards(rows);
  }

  /** Each category's cards, one category a turn; categories left without cards are dropped. */
  private async categoryCards(classes: { id: number; name: string; rows: WorkCardRow[] }[]) {
    const shown = [];
    for (const category of classes) {
      if (category.rows.length === 0) continue;
      const list = await this.cardsAfterTurn(category.rows);
      if (list.length > 0) shown.push({ id: category.id, name: category.name, list });
    }
    return shown;
  }

  /** Ads keyed by page (the first live ad of each page: enabled and within its schedule), and the global switch. */
  async sortAds(): Promise<{ ad_list: Record<string, Ad>; global: number }> {
    const now = Math.floor(this.clock() / 1000);
    const [rows, global] = await Promise.all([this.ads.live(now), this.ads.globalSwitch()]);
    const ad_list: Record<string, Ad> = {};
    for (const row of rows) {
      if (ad_list[row.page]) continue;
      ad_list[row.page] = presentAd(row);
    }
    return { ad_list, global };
  }
}
