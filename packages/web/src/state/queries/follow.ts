/** Follows: the paged list, follow and unfollow. */
import { type FollowItem } from '@dm51/shared';
import { followAddCall, followDelCall, followIndexCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { followKeys, invalidate } from './query-keys';

export function useFollowList() {
  return usePagedList<FollowItem>({
    queryKey: followKeys.list,
    fetchPage: (page, limit, signal) => callApi(followIndexCall, { page, limit }, { signal }),
    keyOf: (item) => item.relate_id,
  });
}

export function useFollowToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, follow }: { id: number; follow: boolean }) => {
      if (follow) await callApi(followAddCall, { id });
      else await callApi(followDelCall, { ids: [id] });
    },
    onSettled: () => invalidate(client, 'follows'),
  });
}
