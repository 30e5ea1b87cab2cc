/** The invite programme: the invite page's data, the invite log, and entering a friend's code. */
import type { InviteFriend } from '@dm51/shared';
import { inviteBindCall, inviteIndexCall, inviteUserCall } from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { invalidateWallet } from './money';

export const inviteKeys = {
  all: ['invite'] as const,
  index: ['invite', 'index'] as const,
  friends: ['invite', 'friends'] as const,
};

/** Code, link, rules, friends and earnings; fresh on every visit (a friend may just have joined). */
export function useInviteIndex(enabled: boolean) {
  return useQuery({
    queryKey: inviteKeys.index,
    queryFn: ({ signal }) => callApi(inviteIndexCall, {}, { signal }),
    staleTime: 0,
    enabled,
  });
}

export function useInviteLog(enabled: boolean) {
  return usePagedList<InviteFriend>({
    queryKey: inviteKeys.friends,
    fetchPage: (page, limit, signal) => callApi(inviteUserCall, { page, limit }, { signal }),
    keyOf: (item) => item.id,
    enabled,
  });
}

/** Enters a friend's code (`quiet`: refusals the page explains itself); afterwards the wallet (coins, VIP) and the invite data are stale. */
export function useBindInvite(quiet: readonly number[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(inviteBindCall, { code }, { quiet }),
    onSuccess: () => {
      invalidateWallet(client);
      void client.invalidateQueries({ queryKey: inviteKeys.all });
    },
  });
}
