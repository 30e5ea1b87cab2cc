/** Messages: unread counts (badges), the paged list per type, open one, mark all read. */
import { type MessageItem, type MessageNums } from '@dm51/shared';
import {
  messageGetNumsCall,
  messagePosCall,
  messageReadAllCall,
  messageReadCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { invalidate, LIVE, messageKeys, refreshIfUnreadChanged } from './query-keys';

/** How often unread counts are asked again while a page shows them (replies and rewards arrive meanwhile). */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * Unread counts, polled: there is no push, so a change here is how an operator's reply, a reward
 * or a refund reaches an open app; what those change is refreshed with it.
 */
export function useMessageNums() {
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.nums,
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<MessageNums>(messageKeys.nums);
      const nums = await callApi(messageGetNumsCall, {}, { signal });
      refreshIfUnreadChanged(client, before, nums);
      return nums;
    },
    ...LIVE,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

export function useMessageList(type: number) {
  return usePagedList<MessageItem>({
    queryKey: messageKeys.list(type),
    fetchPage: (page, limit, signal) => callApi(messageReadCall, { type, page, limit }, { signal }),
    keyOf: (item) => item.id,
    freshness: LIVE,
  });
}

/** Opening a message marks it read; every list and badge is refreshed. */
export function useOpenMessage(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.one(id),
    queryFn: async ({ signal }) => {
      const answer = await callApi(messagePosCall, { id }, { signal });
      client.setQueryData(messageKeys.nums, answer.nums);
      invalidate(client, 'messageLists');
      return answer.message;
    },
    enabled: id > 0,
  });
}

export function useReadAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: number) => callApi(messageReadAllCall, { type }),
    onSuccess: (nums) => {
      client.setQueryData(messageKeys.nums, nums);
      invalidate(client, 'messageLists');
    },
  });
}
