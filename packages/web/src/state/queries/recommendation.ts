import type { HiddenWork, WorkCard } from '@dm51/shared';
import {
  recoAlsoReadCall,
  recoForYouCall,
  recoHiddenCall,
  recoHideCall,
  recoUnhideCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { invalidate, recommendationKeys } from './query-keys';

/** Cards a recommendation row shows (one sideways strip). */
const ROW_SIZE = 12;

/** "For you" of a kind (0 comics, 1 novels, 2 anime) for this session, asked for once `enabled`. */
export function useForYouQuery(type: number, enabled = true) {
  return useQuery({
    queryKey: recommendationKeys.forYou(type),
    queryFn: ({ signal }) => callApi(recoForYouCall, { type, page: 1, limit: ROW_SIZE }, { signal }),
    enabled,
  });
}

/** "Readers of this also read" of a work. */
export function useAlsoReadQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: recommendationKeys.alsoRead(id),
    queryFn: ({ signal }) => callApi(recoAlsoReadCall, { id, limit: ROW_SIZE }, { signal }),
    enabled,
  });
}

/** Takes the work out of every recommendation list already on this device (for you, also read). */
async function dropFromLists(client: QueryClient, id: number) {
  const lists = [recommendationKeys.forYous, recommendationKeys.alsoReads];
  await Promise.all(lists.map((queryKey) => client.cancelQueries({ queryKey })));
  for (const queryKey of lists)
    client.setQueriesData<{ list: WorkCard[] }>({ queryKey }, (data) =>
      data ? { ...data, list: data.list.filter((card) => card.relate_id !== id) } : data,
    );
}

/**
 * "Not interested": the card leaves at once (optimistic), and the lists are asked again so the
 * next work fills its place; a refusal brings the card back with that refetch.
 */
export function useHideWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(recoHideCall, { id }),
    onMutate: (id) => dropFromLists(client, id),
    onSettled: () => invalidate(client, 'recommendations'),
  });
}

/** Shows a hidden work again (the toast's Undo, Settings → hidden from recommendations). */
export function useUnhideWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(recoUnhideCall, { id }),
    onSettled: () => invalidate(client, 'recommendations'),
  });
}

/** The works this reader marked "not interested", newest first, for Settings. */
export function useHiddenWorks(enabled: boolean) {
  return usePagedList<HiddenWork>({
    queryKey: recommendationKeys.hidden,
    fetchPage: (page, limit, signal) => callApi(recoHiddenCall, { page, limit }, { signal }),
    keyOf: workKey,
    enabled,
  });
}
