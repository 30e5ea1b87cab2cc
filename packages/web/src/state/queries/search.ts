import { type WorkCard } from '@dm51/shared';
import {
  searchHistoryCall,
  searchHistoryClearCall,
  searchHotCall,
  searchIndexCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { searchKeys } from './query-keys';

/**
 * A page of results; `suggestion` when the server read a mistyped word of an empty search as
 * another (showing results for), `didYouMean` when a few works were found and another keyword
 * finds clearly more.
 */
export interface SearchResultsPage {
  list: WorkCard[];
  total: number;
  suggestion?: string;
  didYouMean?: string;
}

export function useSearchResults(keyword: string, type = -1) {
  const client = useQueryClient();
  return usePagedList<WorkCard, SearchResultsPage>({
    queryKey: searchKeys.results(keyword, type),
    fetchPage: async (page, limit, signal) => {
      const answer = await callApi(searchIndexCall, { keyword, type, page, limit }, { signal });
      // Page 1 records the keyword: the recent list on the search page is now out of date.
      if (page === 1) void client.invalidateQueries({ queryKey: searchKeys.recent });
      return answer;
    },
    keyOf: workKey,
    enabled: keyword.trim() !== '',
  });
}

export function useRecentSearches() {
  return useQuery({
    queryKey: searchKeys.recent,
    queryFn: ({ signal }) => callApi(searchHistoryCall, {}, { signal }).then((answer) => answer.list),
    staleTime: 0,
  });
}

export function usePopularSearches() {
  return useQuery({
    queryKey: searchKeys.hot,
    queryFn: ({ signal }) => callApi(searchHotCall, { limit: 10 }, { signal }).then((answer) => answer.list),
  });
}

export function useClearRecentSearches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(searchHistoryClearCall, {}),
    onSuccess: () => client.setQueryData(searchKeys.recent, []),
  });
}
