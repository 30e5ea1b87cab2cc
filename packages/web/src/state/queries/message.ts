/** Messages: unread counts (badges), the paged list per type, open one, mark all read. */
import { type MessageItem } from '@dm51/shared';
import {
  messageGetNumsCall,
  messagePosCall,
  messageReadAllCall,
  messageReadCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';

export const messageKeys = {
  all: ['messages'] as const,
  nums: ['messages', 'nums'] as const,
  list: (type: number) => ['messages', 'list', type] as const,
  one: (id: number) => ['messages', 'one', id] as const,
};

/** How often unread counts are asked again while a page shows them (replies and rewards arrive meanwhile). */
export const UNREAD_REFRESH_MS = 60_000;

export function useMessageNums() {
  return useQuery({
    queryKey: messageKeys.nums,
    queryFn: ({ signal }) => callApi(messageGetNumsCall, {}, { signal }),
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMessageList(type: number) {
  return usePagedList<MessageItem>({
    queryKey: messageKeys.list(type),
    fetchPage: (page, limit, signal) => callApi(messageReadCall, { type, page, limit }, { signal }),
    keyOf: (item) => item.id,
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
      void client.invalidateQueries({ queryKey: ['messages', 'list'] });
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
      void client.invalidateQueries({ queryKey: ['messages', 'list'] });
    },
  });
}
