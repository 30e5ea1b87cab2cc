import { WorkType } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { FilterChips } from '../../components/filter-chips/FilterChips';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkGrid } from '../../components/work-card/WorkGrid';
import { useWorkList } from '../../state/queries/catalogue';
import type { PageProps } from '../page-props';
import '../sort/sort.css';

type Order = 'new' | 'hot' | 'score';

/** Every anime (/pages/anime/list), newest, most watched or best rated; paged, pull-to-refresh. */
export default function ListPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('order');
  const order: Order = raw === 'hot' || raw === 'score' ? raw : 'new';
  const list = useWorkList({ type: WorkType.ANIME, order });
  return (
    <div className="page sort-page" data-testid="anime-list-page">
      <NavBar title={t(route.titleKey)} />
      <div className="sort-page__filters">
        <FilterChips
          testId="anime-list-order"
          label={t('catalogue.filterOrder')}
          value={order}
          options={[
            { value: 'new', label: t('catalogue.orderNew') },
            { value: 'hot', label: t('catalogue.orderHot') },
            { value: 'score', label: t('catalogue.orderScore') },
          ]}
          onChange={(next) => setParams({ order: next }, { replace: true })}
        />
      </div>
      <div className="sort-page__results">
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh ?? true}
          empty={{ title: t('anime.empty'), hint: t('anime.emptyHint'), kind: 'anime' }}
          testId="anime-list"
        >
          {(items) => <WorkGrid items={items} />}
        </PagedListView>
      </div>
    </div>
  );
}
