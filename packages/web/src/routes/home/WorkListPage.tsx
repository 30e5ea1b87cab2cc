import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { FilterChips } from '../../components/filter-chips/FilterChips';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkGrid } from '../../components/work-card/WorkGrid';
import { useWorkList } from '../../state/queries/catalogue';
import type { PageProps } from '../page-props';
import { filterFromParams } from '../sort/filter-params';
import '../sort/sort.css';

/**
 * "More" lists from home: /pages/home/homeIndex (comics, or ?type=) and /pages/home/novelView
 * (novels), ordered by score ("recommended"), newest or most viewed; pull-to-refresh.
 */
export default function WorkListPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const novels = route.name === 'novelView';
  const filter = filterFromParams(params, { type: novels ? 1 : 0, order: novels ? 'hot' : 'score' });
  const list = useWorkList(filter);
  const title =
    filter.order === 'score'
      ? t('catalogue.sectionReco')
      : filter.order === 'new'
        ? t('catalogue.sectionNews')
        : t(route.titleKey);
  return (
    <div className="page sort-page" data-testid="work-list-page">
      <NavBar title={title} />
      <div className="sort-page__filters">
        <FilterChips
          testId="list-order"
          label={t('catalogue.filterOrder')}
          value={filter.order}
          options={[
            { value: 'score', label: t('catalogue.orderScore') },
            { value: 'new', label: t('catalogue.orderNew') },
            { value: 'hot', label: t('catalogue.orderHot') },
          ]}
          onChange={(order) => setParams({ type: String(filter.type), order }, { replace: true })}
        />
      </div>
      <div className="sort-page__results">
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh}
          empty={{
            title: t(filter.type === 1 ? 'home.emptyNovels' : 'home.emptyComics'),
            kind: filter.type === 1 ? 'novels' : 'comics',
          }}
          testId="work-list"
        >
          {(items) => <WorkGrid items={items} />}
        </PagedListView>
      </div>
    </div>
  );
}
