import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { FilterChips, SegmentTabs } from '../../components/filter-chips/FilterChips';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkGrid } from '../../components/work-card/WorkGrid';
import type { PageProps } from '../page-props';
import { isTabRoute } from '../route-table';
import { genreLabel } from '../../lib/genre-label';
import { useCategoryIndex, useWorkList } from '../../state/queries/catalogue';
import { filterFromParams, filterToParams } from './filter-params';
import './sort.css';

/**
 * Categories: the tab page (/pages/sort/sort) and the home sub-page (/pages/home/sort/homeSort,
 * with pull-to-refresh). Filters: type, category, tag, status, free/VIP, order.
 *
 * The comics library (/pages/cartoon/cartoon) is listed under Comics in spec §2 without saying what
 * it shows: it is this page held to comics, every published comic with the same filters and orders,
 * no type switch (a `type` in the link is ignored). One component serves both, so the library
 * cannot drift from the categories page.
 */
export default function SortPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const comicsOnly = route.name === 'cartoon';
  const filter = comicsOnly ? { ...filterFromParams(params), type: 0 } : filterFromParams(params);
  const options = useCategoryIndex(filter.type);
  const list = useWorkList(filter);
  const tab = isTabRoute(route);
  const set = (patch: Partial<typeof filter>) =>
    setParams(filterToParams({ ...filter, ...patch }), { replace: true });

  const categories = [
    { value: 0, label: t('catalogue.any') },
    ...(options.data?.categories ?? []).map((c) => ({
      value: c.id,
      label: genreLabel(c.name, i18n.language),
    })),
  ];
  const tags = [
    { value: 0, label: t('catalogue.anyTag') },
    ...(options.data?.tags ?? [])
      .slice(0, 30)
      .map((tag) => ({ value: tag.id, label: genreLabel(tag.name, i18n.language) })),
  ];

  return (
    <div className={`page sort-page${tab ? ' sort-page--tab' : ''}`} data-testid="sort-page">
      {tab ? (
        <header className="sort-page__head">
          <h1 className="sort-page__title">{t('route.sort')}</h1>
        </header>
      ) : (
        <NavBar title={t(route.titleKey)} />
      )}
      <div className="sort-page__filters">
        {!comicsOnly && (
          <SegmentTabs
            testId="sort-type"
            value={filter.type}
            onChange={(type) => set({ type, category_id: 0, tag_id: 0 })}
            options={[
              { value: 0, label: t('home.tabComics') },
              { value: 1, label: t('home.tabNovels') },
            ]}
          />
        )}
        <FilterChips
          testId="sort-category"
          label={t('catalogue.filterCategory')}
          value={filter.category_id}
          options={categories}
          onChange={(category_id) => set({ category_id })}
        />
        {tags.length > 1 && (
          <FilterChips
            testId="sort-tag"
            label={t('catalogue.filterTag')}
            value={filter.tag_id}
            options={tags}
            onChange={(tag_id) => set({ tag_id })}
          />
        )}
        <FilterChips
          testId="sort-status"
          label={t('catalogue.filterStatus')}
          value={filter.status}
          options={[
            { value: 0, label: t('catalogue.any') },
            { value: 1, label: t('card.serialising') },
            { value: 2, label: t('card.finished') },
          ]}
          onChange={(status) => set({ status })}
        />
        <FilterChips
          testId="sort-pay"
          label={t('catalogue.filterPay')}
          value={filter.pay}
          options={[
            { value: 0, label: t('catalogue.any') },
            { value: 1, label: t('catalogue.payFree') },
            { value: 2, label: t('catalogue.payVip') },
          ]}
          onChange={(pay) => set({ pay })}
        />
        <FilterChips
          testId="sort-order"
          label={t('catalogue.filterOrder')}
          value={filter.order}
          options={[
            { value: 'new', label: t('catalogue.orderNew') },
            { value: 'hot', label: t('catalogue.orderHot') },
            { value: 'score', label: t('catalogue.orderScore') },
          ]}
          onChange={(order) => set({ order })}
        />
      </div>
      <div className="sort-page__results">
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh}
          empty={{
            title: t('catalogue.noResults'),
            hint: t('catalogue.noResultsHint'),
            kind: filter.type === 1 ? 'novels' : 'comics',
          }}
          testId="sort-results"
        >
          {(items) => <WorkGrid items={items} />}
        </PagedListView>
      </div>
    </div>
  );
}
