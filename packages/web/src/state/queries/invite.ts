/** The invite programme: the invite page's data, the invite log, and entering a friend's code. */
import type { InviteFriend } from '@dm51/shared';
import { inviteBindCall, inviteIndexCall, inviteUserCall } from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { invalidate, inviteKeys, LIVE } from './query-keys';

/** Code, link, rules, friends and earnings; live (a friend may just have joined). */
export function useInviteIndex(enabled: boolean) {
  return useQuery({
    queryKey: inviteKeys.index,
    queryFn: ({ signal }) => callApi(inviteIndexCall, {}, { signal }),
    ...LIVE,
    enabled,
  });
}

/** Live, as the invite page: friends join and earn their inviter rewards elsewhere. */
export function useInviteLog(enabled: boolean) {
  return usePagedList<InviteFriend>({
    queryKey: inviteKeys.friends,
    fetchPage: (page, limit, signal) => callApi(inviteUserCall, { page, limit }, { signal }),
    keyOf: (item) => item.id,
    enabled,
    freshness: LIVE,
  });
}

/** Enters a friend's code (`quiet`: refusals the page explains itself); afterwards the wallet (coins, VIP) and the invite data are stale. */
export function useBindInvite(quiet: readonly number[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(inviteBindCall, { code }, { quiet }),
    onSuccess: () => invalidate(client, 'wallet', 'invite', 'tasks'),
  });
}
