import { WorkType, type ShelfItem, type WorkDetail } from '@dm51/shared';
import {
  bookCasesAddCall,
  bookCasesDelCall,
  bookCasesIndexCall,
  casesAddComicCall,
  casesDelCall,
  casesIndexCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { keptFirstPage } from '../../lib/offline/offline-fallback';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { catalogueKeys, invalidate, shelfKeys } from './query-keys';

/** The bookshelf of comics (0) or novels (1). */
export function useShelfList(type: number) {
  return usePagedList<ShelfItem>({
    queryKey: shelfKeys.list(type),
    fetchPage: (page, limit, signal) =>
      keptFirstPage(
        `shelf:${type}`,
        page,
        callApi(type === WorkType.NOVEL ? bookCasesIndexCall : casesIndexCall, { page, limit }, { signal }),
      ),
    keyOf: workKey,
  });
}

/**
 * Favourite toggle for a detail page. Optimistic: the heart flips at once and flips back if the
 * server refuses, which is what a tap on a heart should feel like.
 */
export function useFavoriteToggle(type: number, id: number) {
  const client = useQueryClient();
  const key = catalogueKeys.detail(type, id);
  return useMutation({
    mutationFn: async (favorite: boolean) => {
      const novel = type === WorkType.NOVEL;
      if (favorite) await callApi(novel ? bookCasesAddCall : casesAddComicCall, { id });
      else await callApi(novel ? bookCasesDelCall : casesDelCall, { ids: [id] });
    },
    onMutate: async (favorite) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<WorkDetail>(key);
      if (before)
        client.setQueryData<WorkDetail>(key, {
          ...before,
          is_favorite: favorite ? 1 : 0,
          favorites: Math.max(0, before.favorites + (favorite ? 1 : -1)),
        });
      return { before };
    },
    onError: (_error, _favorite, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    // A first favourite may count for a task.
    onSettled: () => {
      invalidate(client, 'shelf', 'tasks');
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

/** Batch delete from the shelf's edit mode. */
export function useShelfDelete(type: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      callApi(type === WorkType.NOVEL ? bookCasesDelCall : casesDelCall, { ids }),
    onSettled: (_answer, _error, ids) => {
      void client.invalidateQueries({ queryKey: shelfKeys.list(type) });
      for (const id of ids) void client.invalidateQueries({ queryKey: catalogueKeys.detail(type, id) });
    },
  });
}
