import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import type { RouteDef } from '../../routes/route-table';
import { useTagList, useWorkList } from '../../state/queries/catalogue';
import { FilterChips } from '../filter-chips/FilterChips';
import { NavBar } from '../nav-bar/NavBar';
import { PagedListView } from '../paged-list/PagedListView';
import { PageLoading } from '../page-state/PageLoading';
import { PullToRefresh } from '../pull-to-refresh/PullToRefresh';
import { QueryError } from '../query-state/QueryError';
import { WorkGrid } from './WorkGrid';
import '../../routes/sort/sort.css';
import './tag-cloud.css';

type Order = 'new' | 'hot' | 'score';

/** Works with one tag (ordered, paged, pull-to-refresh), or the tag cloud when no tag is chosen. */
export function TagWorksPage({ type, route }: { type: number; route: RouteDef }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tagId = Math.max(0, Math.floor(Number(params.get('id'))) || 0);
  const name = params.get('name') ?? '';
  const rawOrder = params.get('order');
  const order: Order = rawOrder === 'hot' || rawOrder === 'score' ? rawOrder : 'new';
  const tags = useTagList(type);
  const list = useWorkList({ type, tag_id: tagId, order }, tagId > 0);
  const tagName = name || tags.data?.list.find((tag) => tag.id === tagId)?.name || t(route.titleKey);

  if (tagId === 0) {
    // The tag page opened without a tag (spec §2 turns pull-to-refresh on for it): the pull loads
    // the tag cloud again; there is no work list to reset.
    const cloud = tags.isError ? (
      <QueryError onRetry={() => void tags.refetch()} />
    ) : !tags.data ? (
      <PageLoading />
    ) : (
      <div className="tag-cloud" data-testid="tag-cloud">
        {tags.data.list.map((tag) => (
          <button
            key={tag.id}
            type="button"
            className="tag-cloud__tag"
            data-testid={`tag-${tag.id}`}
            onClick={() => setParams({ id: String(tag.id), name: tag.name })}
          >
            {tag.name}
            <span className="tag-cloud__count">{tag.count}</span>
          </button>
        ))}
      </div>
    );
    return (
      <div className="page" data-testid="tag-cloud-page">
        <NavBar title={t(route.titleKey)} />
        {route.pullToRefresh ? (
          <PullToRefresh onRefresh={() => tags.refetch()}>{cloud}</PullToRefresh>
        ) : (
          cloud
        )}
      </div>
    );
  }

  return (
    <div className="page sort-page" data-testid="tag-page">
      <NavBar title={`#${tagName}`} />
      <div className="sort-page__filters">
        <FilterChips
          testId="tag-order"
          label={t('catalogue.filterOrder')}
          value={order}
          options={[
            { value: 'new', label: t('catalogue.orderNew') },
            { value: 'hot', label: t('catalogue.orderHot') },
            { value: 'score', label: t('catalogue.orderScore') },
          ]}
          onChange={(next) => setParams({ id: String(tagId), name: tagName, order: next }, { replace: true })}
        />
      </div>
      <div className="sort-page__results">
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh}
          empty={{ title: t('catalogue.noResults'), kind: type === 1 ? 'novels' : 'comics' }}
          testId="tag-works"
        >
          {(items) => <WorkGrid items={items} />}
        </PagedListView>
      </div>
    </div>
  );
}
