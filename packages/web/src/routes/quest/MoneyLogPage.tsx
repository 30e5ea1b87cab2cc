import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import type { PagedList } from '../../lib/paging/use-paged-list';
import type { RouteDef } from '../route-table';
import '../../components/money/money.css';
import './money-log.css';

interface MoneyLogPageProps<T> {
  route: RouteDef;
  list: PagedList<T>;
  testId: string;
  listTestId: string;
  empty: { title: string; hint: string };
  children: (items: T[]) => ReactNode;
}

/** Grey rows while the first page loads (the default skeleton is a grid of covers). */
function RowSkeleton() {
  return (
    <div aria-busy="true" data-testid="money-log-loading">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="money-row money-row--skeleton">
          <span className="money-row__body">
            <span className="skeleton-bar skeleton-bar--wide" />
            <span className="skeleton-bar" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** The order and spending logs: nav bar, paged rows, pull-to-refresh (spec §2) and the load-more footer. */
export function MoneyLogPage<T>({ route, list, testId, listTestId, empty, children }: MoneyLogPageProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="page money-log" data-testid={testId}>
      <NavBar title={t(route.titleKey)} />
      <PagedListView
        list={list}
        pullToRefresh={route.pullToRefresh}
        skeleton={<RowSkeleton />}
        empty={{ ...empty, kind: 'soon' }}
        testId={listTestId}
      >
        {children}
      </PagedListView>
    </div>
  );
}
