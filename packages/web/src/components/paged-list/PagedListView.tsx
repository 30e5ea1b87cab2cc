import type { ReactNode } from 'react';
import type { PagedList } from '../../lib/paging/use-paged-list';
import type { PageOf } from '../../lib/paging/paging';
import { EmptyState } from '../empty-state/EmptyState';
import { PullToRefresh } from '../pull-to-refresh/PullToRefresh';
import { QueryError } from '../query-state/QueryError';
import { WorkGridSkeleton } from '../work-card/WorkGrid';
import { LoadMoreFooter } from './LoadMoreFooter';

interface PagedListViewProps<T, P extends PageOf<T>> {
  list: PagedList<T, P>;
  children: (items: T[]) => ReactNode;
  /** Pull-to-refresh, on the pages spec §2 lists. */
  pullToRefresh?: boolean;
  empty: { title: string; hint?: string; kind?: 'comics' | 'novels' | 'anime' | 'soon'; action?: ReactNode };
  skeleton?: ReactNode;
  testId?: string;
}

/**
 * A spec §4 paged list: skeleton on first load, error with retry, empty state, items, and the
 * load-more footer; wrapped in pull-to-refresh where the spec turns it on.
 */
export function PagedListView<T, P extends PageOf<T>>({
  list,
  children,
  pullToRefresh = false,
  empty,
  skeleton,
  testId = 'paged-list',
}: PagedListViewProps<T, P>) {
  let body: ReactNode;
  const state = list.isLoading
    ? 'loading'
    : list.isError
      ? 'error'
      : list.items.length === 0
        ? 'empty'
        : 'ready';
  if (list.isLoading) body = skeleton ?? <WorkGridSkeleton />;
  else if (list.isError) body = <QueryError onRetry={list.retry} />;
  else if (list.items.length === 0)
    body = (
      <EmptyState
        kind={empty.kind ?? 'comics'}
        title={empty.title}
        hint={empty.hint}
        action={empty.action}
        testId={`${testId}-empty`}
      />
    );
  else
    body = (
      <>
        {children(list.items)}
        <LoadMoreFooter status={list.status} onLoadMore={list.loadMore} />
      </>
    );
  const content = (
    <div className="paged-list" data-testid={testId} data-state={state} data-count={list.items.length}>
      {body}
    </div>
  );
  return pullToRefresh ? <PullToRefresh onRefresh={list.refresh}>{content}</PullToRefresh> : content;
}
