/**
 * Catalogue → Home: the operator's banner works (each with the work's cover or a picture of its own)
 * and pinned recommended works, per kind and in order (home_picks, migration 0021). The app's
 * HomeService reads them; a kind with none keeps the automatic choice. The preview is built by the
 * app's own HomeService with the unsaved choices, so it shows exactly what the app would.
 * The same page keeps the recommendations' choices: works pinned to the top of "for you" and works
 * never recommended (RecommendationService reads them).
 */
import { HOME_SIZES } from '@dm51/shared';
import type { Database } from '../../db/database.js';
import { nowSeconds } from '../../db/database.js';
import type { HomePicks, HomePicksRepository } from '../../repositories/home-picks.repository.js';
import type { HomeService } from '../../services/home.service.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import { BANNER_MEDIA_PREFIX, thumbnail, type MediaDeps } from './cover.service.js';

export const MAX_BANNERS = 10;
export const MAX_RECO = 30;
export const MAX_FOR_YOU = 30;
export const MAX_EXCLUDED = 200;

const SIZES = { reco_size: HOME_SIZES.reco, news_size: HOME_SIZES.news, type_size: 0 };

export class HomePicksAdminService {
  constructor(private readonly repo: HomePicksRepository) {}

  private async works(db: Database, ids: number[]) {
    if (ids.length === 0)
      return new Map<
        number,
        { id: number; type: number; title: string; cover_key: string; published: number }
      >();
    const rows = await db
      .selectFrom('works')
      .select(['id', 'type', 'title', 'cover_key', 'published'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The kind's saved choices with titles and thumbnails, for the editor. */
  async get(db: Database, deps: MediaDeps, kind: number) {
    const picks = await this.repo.picks(kind, db);
    const { forYou, excluded } = await this.repo.recommendationPicks(kind, db);
    const works = await this.works(db, [
      ...picks.banners.map((b) => b.workId),
      ...picks.reco,
      ...forYou,
      ...excluded,
    ]);
    const listed = (id: number) => ({
      workId: id,
      title: works.get(id)?.title ?? '',
      published: works.get(id)?.published === 1,
    });
    return {
      kind,
      automatic: picks.banners.length === 0 && picks.reco.length === 0,
      banners: await Promise.all(
        picks.banners.map(async (b) => ({
          workId: b.workId,
          imageKey: b.imageKey,
          title: works.get(b.workId)?.title ?? '',
          published: works.get(b.workId)?.published === 1,
          thumb: await thumbnail(deps, b.imageKey || works.get(b.workId)?.cover_key || '', 240),
        })),
      ),
      reco: picks.reco.map(listed),
      forYou: forYou.map(listed),
      excluded: excluded.map(listed),
    };
  }

  /** Refuses duplicates, unknown works, works of another kind and pictures not uploaded here. */
  private async validate(db: Database, deps: MediaDeps, kind: number, picks: HomePicks): Promise<void> {
    const bannerIds = picks.banners.map((b) => b.workId);
    if (new Set(bannerIds).size !== bannerIds.length) throw AdminErrors.invalid('A work is a banner twice');
    if (new Set(picks.reco).size !== picks.reco.length) throw AdminErrors.invalid('A work is pinned twice');
    const forYou = picks.forYou ?? [];
    const excluded = picks.excluded ?? [];
    if (new Set(forYou).size !== forYou.length)
      throw AdminErrors.invalid('A work is pinned to “for you” twice');
    if (new Set(excluded).size !== excluded.length) throw AdminErrors.invalid('A work is excluded twice');
    const both = forYou.filter((id) => excluded.includes(id));
    if (both.length) throw AdminErrors.invalid(`Both pinned and excluded: ${both.join(', ')}`);
    const ids = [...new Set([...bannerIds, ...picks.reco, ...forYou, ...excluded])];
    const works = await this.works(db, ids);
    const unknown = ids.filter((id) => !works.has(id));
    if (unknown.length) throw AdminErrors.invalid(`No such work: ${unknown.join(', ')}`);
    const other = ids.filter((id) => works.get(id)!.type !== kind);
    if (other.length) throw AdminErrors.invalid(`Not a work of this kind: ${other.join(', ')}`);
    for (const b of picks.banners) {
      if (!b.imageKey) continue;
      if (!b.imageKey.startsWith(BANNER_MEDIA_PREFIX) || !(await deps.media.stat(b.imageKey))) {
        throw AdminErrors.invalid(`Unknown banner picture: ${b.imageKey}`);
      }
    }
  }

  /** What the app's home would show with these choices (nothing is saved). */
  async preview(db: Database, deps: MediaDeps, home: HomeService, kind: number, picks: HomePicks) {
    await this.validate(db, deps, kind, picks);
    const data = await home.preview(kind, SIZES, picks);
    return {
      banners: await Promise.all(
        data.banner.map(async (b) => ({
          workId: b.relate_id,
          title: b.name,
          thumb: await thumbnail(deps, b.picx.replace(/^\/media\//, ''), 360),
        })),
      ),
      reco: data.reco.map((w) => ({ workId: w.relate_id, title: w.name })),
    };
  }

  async save(trx: Database, audit: Audit, deps: MediaDeps, kind: number, picks: HomePicks) {
    await this.validate(trx, deps, kind, picks);
    const before = await this.repo.picks(kind, trx);
    const recoBefore = await this.repo.recommendationPicks(kind, trx);
    await this.repo.replace(trx, kind, picks, nowSeconds());
    const { forYou, excluded, ...home } = picks;
    await audit({ action: 'home.picks', targetType: 'home', targetId: kind, before, after: home });
    if (forYou || excluded) {
      await audit({
        action: 'recommendation.picks',
        targetType: 'home',
        targetId: kind,
        before: recoBefore,
        after: await this.repo.recommendationPicks(kind, trx),
      });
    }
    return { ...(await this.repo.picks(kind, trx)), ...(await this.repo.recommendationPicks(kind, trx)) };
  }
}
