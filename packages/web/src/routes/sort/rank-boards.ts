import type { RankBy, RankPeriod } from '../../state/queries/rank';

export const RANK_BYS: readonly RankBy[] = ['views', 'favorites', 'score'];
export const RANK_PERIODS: readonly RankPeriod[] = ['day', 'week', 'month', 'all'];

export interface RankBoard {
  by: RankBy;
  period: RankPeriod;
}

/**
 * The boards to show in turn while they are empty, the chosen one first: on a fresh install nobody
 * has read anything this week, and an empty ranking looks broken. First the longer periods of the
 * same measure (week → month → all time), then the other measures' all-time boards.
 */
export function rankBoards(by: RankBy, period: RankPeriod): RankBoard[] {
  const boards: RankBoard[] = RANK_PERIODS.slice(RANK_PERIODS.indexOf(period)).map((p) => ({
    by,
    period: p,
  }));
  for (const other of RANK_BYS) if (other !== by) boards.push({ by: other, period: 'all' });
  return boards;
}
