/** Ranking windows over the daily roll-up (today, last 7 days, last 30 days, all time). */
import type { RankItem } from '@dm51/shared';
import { presentCard } from '../presenters/work.presenter.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { RankBy, RankingRepository } from '../repositories/ranking.repository.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import { dayOf } from './view-counter.service.js';

export type RankPeriod = 'day' | 'week' | 'month' | 'all';
const PERIOD_DAYS: Record<Exclude<RankPeriod, 'all'>, number> = { day: 1, week: 7, month: 30 };

/** The first UTC day of a window that ends today; null for all time. */
export function windowStart(period: RankPeriod, nowS: number): number | null {
  return period === 'all' ? null : dayOf(nowS) - PERIOD_DAYS[period] + 1;
}

export class RankingService {
  constructor(
    private readonly ranking: RankingRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async rank(
    type: number,
    by: RankBy,
    period: RankPeriod,
    page: number,
    limit: number,
  ): Promise<Paged<RankItem>> {
    const offset = offsetOf(page, limit);
    const { rows, total } = await this.ranking.rank(
      type,
      by,
      windowStart(period, this.clock()),
      offset,
      limit,
    );
    const people = await this.catalogue.peopleOf(rows.map((row) => row.id));
    return {
      list: rows.map((row, index) => ({
        ...presentCard(row, people.get(row.id)),
        rank: offset + index + 1,
        value: row.value,
      })),
      total,
    };
  }
}
