/**
 * Growth → Ads: the `ads` rows the app's /v3/ad/sort_ads serves, with their schedule, and the daily
 * impressions / clicks roll-ups of `ad_stats_daily`. The only SQL of the section.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AdsTable } from '../../db/schema.js';

export type AdRow = Selectable<AdsTable>;
export type AdInsert = Insertable<AdsTable>;
export type AdPatch = Updateable<AdsTable>;

/** live: on and within its window; scheduled: on, not started; ended: on, window over; off: turned off. */
export type AdStatus = 'live' | 'scheduled' | 'ended' | 'off';

export interface AdFilter {
  placement?: string | undefined;
  status?: AdStatus | undefined;
}

export interface AdTotals {
  impressions: number;
  clicks: number;
}

export class AdsAdminRepository {
  constructor(private readonly db: Database) {}

  within(trx: Database): AdsAdminRepository {
    return new AdsAdminRepository(trx);
  }

  async list(filter: AdFilter, now: number, offset: number, limit: number) {
    let q = this.db.selectFrom('ads');
    if (filter.placement) q = q.where('page', '=', filter.placement);
    switch (filter.status) {
      case 'off':
        q = q.where('enabled', '=', 0);
        break;
      case 'scheduled':
        q = q.where('enabled', '=', 1).where('start_time', '>', now);
        break;
      case 'ended':
        q = q.where('enabled', '=', 1).where('end_time', '>', 0).where('end_time', '<=', now);
        break;
      case 'live':
        q = q
          .where('enabled', '=', 1)
          .where('start_time', '<=', now)
          .where((eb) => eb.or([eb('end_time', '=', 0), eb('end_time', '>', now)]));
        break;
      default:
    }
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('page').orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async find(id: number): Promise<AdRow | undefined> {
    return this.db.selectFrom('ads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(values: AdInsert): Promise<number> {
    const row = await this.db.insertInto('ads').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(id: number, patch: AdPatch): Promise<void> {
    await this.db.updateTable('ads').set(patch).where('id', '=', id).execute();
  }

  /** The ad and its daily roll-ups (an id is never reused, but stale stats must not outlive it). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('ad_stats_daily').where('ad_id', '=', id).execute();
    await this.db.deleteFrom('ads').where('id', '=', id).execute();
  }

  /** All-time impressions and clicks per ad, from the daily roll-ups. */
  async totals(ids: readonly number[]): Promise<Map<number, AdTotals>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ad_stats_daily')
      .select((eb) => [
        'ad_id',
        eb.fn.sum<number>('impressions').as('impressions'),
        eb.fn.sum<number>('clicks').as('clicks'),
      ])
      .where('ad_id', 'in', ids)
      .groupBy('ad_id')
      .execute();
    return new Map(
      rows.map((row) => [
        Number(row.ad_id),
        { impressions: Number(row.impressions), clicks: Number(row.clicks) },
      ]),
    );
  }

  /** The roll-up rows of one ad between two days (days since the epoch, inclusive). */
  async daily(id: number, fromDay: number, toDay: number) {
    const rows = await this.db
      .selectFrom('ad_stats_daily')
      .select(['day', 'impressions', 'clicks'])
      .where('ad_id', '=', id)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: Number(row.day),
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
    }));
  }
}
