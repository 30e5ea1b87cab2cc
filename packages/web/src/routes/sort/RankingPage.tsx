import type { RankItem } from '@dm51/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { FilterChips, SegmentTabs } from '../../components/filter-chips/FilterChips';
import { cardFields, formatScore } from '../../components/mixed-list-card/card-fields';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkCover } from '../../components/generated-cover/WorkCover';
import { useRankList, type RankBy, type RankPeriod } from '../../state/queries/rank';
import type { PageProps } from '../page-props';
import { RANK_BYS, RANK_PERIODS, rankBoards, type RankBoard } from './rank-boards';
import { compactCount } from '../../lib/compact-count';
import './ranking.css';

function RankRow({ item, by }: { item: RankItem; by: RankBy }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fields = cardFields(item);
  const figure =
    by === 'score'
      ? t('card.score', { score: formatScore(item.value / 10) })
      : t(by === 'views' ? 'catalogue.rankViews' : 'catalogue.rankFavorites', {
          count: item.value,
          n: compactCount(item.value),
        });
  return (
    <button
      type="button"
      className="rank-row"
      data-testid={`rank-row-${item.relate_id}`}
      data-rank={item.rank}
      onClick={() => navigate(fields.href)}
    >
      <span className={`rank-row__rank rank-row__rank--${Math.min(item.rank, 4)}`}>{item.rank}</span>
      <WorkCover src={item.pic} title={item.name} author={item.author} className="rank-row__cover" />
      <span className="rank-row__body">
        <span className="rank-row__name">{item.name}</span>
        <span className="rank-row__meta">
          {[item.author, t(fields.statusKey)].filter(Boolean).join(' · ')}
          {fields.vip && <span className="rank-row__vip">VIP</span>}
        </span>
        <span className="rank-row__tags">{item.tags.join(' · ')}</span>
      </span>
      <span className="rank-row__figure">{figure}</span>
    </button>
  );
}

/**
 * The chosen board, or while it is empty the next board of rankBoards() that is not, saying so
 * (a fresh install has no reads this week). Keyed by the choice: a new choice starts again.
 */
function RankBoardList({ type, by, period }: { type: number; by: RankBy; period: RankPeriod }) {
  const { t } = useTranslation();
  const boards = rankBoards(by, period);
  const [step, setStep] = useState(0);
  const board = boards[step]!;
  const list = useRankList(type, board.by, board.period);
  const empty = !list.isLoading && !list.isError && list.items.length === 0;
  const last = step === boards.length - 1;
  useEffect(() => {
    if (empty && !last) setStep((current) => current + 1);
  }, [empty, last]);
  const stepping = empty && !last;
  const name = (shown: RankBoard) =>
    `${t(`catalogue.rankBy_${shown.by}`)} · ${t(`catalogue.period_${shown.period}`)}`;
  return (
    <div
      className="ranking-page__list"
      data-testid="rank-board"
      data-by={board.by}
      data-period={board.period}
    >
      {step > 0 && !stepping && list.items.length > 0 && (
        <p className="ranking-page__fallback" data-testid="rank-fallback">
          {t('catalogue.rankFallback', { wanted: name(boards[0]!), shown: name(board) })}
        </p>
      )}
      <PagedListView
        // Still looking for a board with works: the skeleton, not a flash of the empty state.
        list={stepping ? { ...list, isLoading: true } : list}
        empty={{
          title: t('catalogue.rankEmpty'),
          hint: t('catalogue.rankEmptyHint'),
          kind: type === 1 ? 'novels' : 'comics',
        }}
        testId="rank-list"
      >
        {(items) => items.map((item) => <RankRow key={item.relate_id} item={item} by={board.by} />)}
      </PagedListView>
    </div>
  );
}

/** Ranking (/pages/sort/ranking): views, favourites or score × day / week / month / all, per kind. */
export default function RankingPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === '1' ? 1 : 0;
  const by = RANK_BYS.find((value) => value === params.get('by')) ?? 'views';
  const period = RANK_PERIODS.find((value) => value === params.get('period')) ?? 'week';
  const set = (patch: { type?: number; by?: RankBy; period?: RankPeriod }) =>
    setParams(
      { type: String(patch.type ?? type), by: patch.by ?? by, period: patch.period ?? period },
      { replace: true },
    );

  return (
    <div className="page ranking-page" data-testid="ranking-page">
      <NavBar title={t(route.titleKey)} />
      <div className="ranking-page__filters">
        <SegmentTabs
          testId="rank-type"
          value={type}
          onChange={(next) => set({ type: next })}
          options={[
            { value: 0, label: t('home.tabComics') },
            { value: 1, label: t('home.tabNovels') },
          ]}
        />
        <div className="ranking-page__by">
          {RANK_BYS.map((value) => (
            <button
              key={value}
              type="button"
              className={`ranking-page__by-item${value === by ? ' ranking-page__by-item--on' : ''}`}
              data-testid={`rank-by-${value}`}
              aria-pressed={value === by}
              onClick={() => set({ by: value })}
            >
              {t(`catalogue.rankBy_${value}`)}
            </button>
          ))}
        </div>
        <FilterChips
          testId="rank-period"
          label={t('catalogue.rankPeriod')}
          value={period}
          options={RANK_PERIODS.map((value) => ({ value, label: t(`catalogue.period_${value}`) }))}
          onChange={(next) => set({ period: next })}
        />
      </div>
      <RankBoardList key={`${type}-${by}-${period}`} type={type} by={by} period={period} />
    </div>
  );
}
