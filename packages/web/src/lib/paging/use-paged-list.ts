import { PAGING } from '@dm51/shared';
import { useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { flattenPages, loadStatusOf, nextPageParam, type LoadStatus, type PageOf } from './paging';

export interface PagedListOptions<T, P extends PageOf<T> = PageOf<T>> {
  queryKey: QueryKey;
  /** Fetches one page (1-based) of `limit` items. */
  fetchPage: (page: number, limit: number, signal: AbortSignal) => Promise<P>;
  keyOf: (item: T) => string | number;
  pageSize?: number;
  enabled?: boolean;
  /** For lists others change (replies, rewards): when to ask again; the client's defaults otherwise. */
  freshness?: {
    staleTime?: number;
    refetchOnMount?: boolean | 'always';
    refetchOnWindowFocus?: boolean | 'always';
  };
}

export interface PagedList<T, P extends PageOf<T> = PageOf<T>> {
  items: T[];
  /** The first page as answered, for calls that send more than the list (e.g. the author). */
  firstPage: P | undefined;
  total: number;
  status: LoadStatus;
  /** First page still loading (no items yet). */
  isLoading: boolean;
  isError: boolean;
  isRefreshing: boolean;
  loadMore: () => void;
  /** Pull-to-refresh (spec §4): clear the list and load page 1 again. */
  refresh: () => Promise<void>;
  retry: () => void;
}

/** A spec §4 paged list over TanStack Query's infinite query. */
export function usePagedList<T, P extends PageOf<T> = PageOf<T>>({
  queryKey,
  fetchPage,
  keyOf,
  pageSize = PAGING.pageSize,
  enabled = true,
  freshness,
}: PagedListOptions<T, P>): PagedList<T, P> {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, pageSize, signal),
    initialPageParam: PAGING.firstPage as number,
    getNextPageParam: (_last, pages) => nextPageParam(pages, pageSize),
    enabled,
    ...freshness,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => flattenPages(pages ?? [], keyOf), [pages, keyOf]);
  const status = loadStatusOf({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
  });
  const { fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const refresh = useCallback(
    () => client.resetQueries({ queryKey, exact: true }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's value, not its identity
    [client, JSON.stringify(queryKey)],
  );
  return {
    items,
    firstPage: pages?.[0],
    total: pages?.[pages.length - 1]?.total ?? 0,
    status,
    isLoading: query.isPending && enabled,
    isError: query.isError && items.length === 0,
    isRefreshing: query.isRefetching && !query.isFetchingNextPage,
    loadMore,
    refresh,
    retry: () => void refetch(),
  };
}
