/**
 * Comments of a work: the paged list (newest or hottest), posting with pictures, likes, reports and
 * blocks. Blocked authors are filtered on the server; the local blacklist (spec §3) also hides them
 * at once, before the list is fetched again.
 */
import { type CommentWithReplies } from '@dm51/shared';
import {
  commentAddCall,
  commentBlacklistCall,
  commentBlockCall,
  commentChildrenCall,
  commentListCall,
  commentReportCall,
  commentUnblockCall,
  commentUploadCall,
  commentZanCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi } from '../../lib/api/client';
import { sendOrQueue } from '../../lib/offline/outbox-send';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { commentKeys, invalidate } from './query-keys';

export type CommentSort = 'new' | 'hot';

const BLACKLIST_KEY = 'blacklist';
const listeners = new Set<() => void>();
let blacklistCache: number[] | null = null;

function readBlacklist(): number[] {
  if (blacklistCache) return blacklistCache;
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(BLACKLIST_KEY) ?? '[]');
    blacklistCache = Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    blacklistCache = [];
  }
  return blacklistCache;
}

/** Replaces the local blacklist (storage failures are ignored, spec §8). */
export function writeBlacklist(ids: number[]): void {
  blacklistCache = [...new Set(ids)];
  try {
    globalThis.localStorage?.setItem(BLACKLIST_KEY, JSON.stringify(blacklistCache));
  } catch {
    // ignored
  }
  for (const listener of listeners) listener();
}

export function useBlacklist(): number[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readBlacklist,
    readBlacklist,
  );
}

export function useCommentList(workId: number, sort: CommentSort, pageSize?: number) {
  return usePagedList<CommentWithReplies>({
    queryKey: commentKeys.list(workId, sort),
    fetchPage: (page, limit, signal) =>
      callApi(commentListCall, { work_id: workId, sort, page, limit }, { signal }),
    keyOf: (item) => item.id,
    enabled: workId > 0,
    ...(pageSize ? { pageSize } : {}),
  });
}

/** Every reply of a thread ('expand N replies'). */
export function useCommentChildren(id: number, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.children(id),
    queryFn: ({ signal }) => callApi(commentChildrenCall, { id, page: 1, limit: 100 }, { signal }),
    enabled,
  });
}

function useInvalidateComments() {
  const client = useQueryClient();
  return () => invalidate(client, 'comments');
}

export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      work_id: number;
      to_father_id?: number;
      to_child_id?: number;
      to_user_id?: number;
      content: string;
      imgList: string[];
    }) => callApi(commentAddCall, input),
    // Not awaited: the comment box clears (text, pictures, reply target) as soon as the server has
    // the comment. Awaiting the refetch let the new comment show in the list before the box was
    // reset, so a reply started at that moment lost its target and was posted as a new comment.
    // A first comment may count for a task.
    onSuccess: () => invalidate(client, 'comments', 'tasks'),
  });
}

export function useUploadCommentImage() {
  return useMutation({
    mutationFn: async (file: Blob) => (await callApi(commentUploadCall, {}, { file })).url,
  });
}

/**
 * Likes or unlikes a comment. The wanted state is sent (not a toggle), so without a connection it
 * waits in the outbox (the last one per comment) and is sent once; the lists show it meanwhile.
 */
export function useToggleZan() {
  const client = useQueryClient();
  const invalidate = useInvalidateComments();
  return useMutation({
    // Run offline too (React Query would hold it until the connection returns, in memory only).
    networkMode: 'always',
    mutationFn: ({ id, like }: { id: number; like: boolean }) =>
      sendOrQueue({
        call: commentZanCall,
        payload: { id, is_zan: like ? 1 : 0 },
        slot: `like:${id}`,
        kind: 'like',
      }),
    onSuccess: (outcome, { id, like }) => {
      // Queued: the server does not know yet, a refetch would show the old state.
      if (outcome === 'queued')
        client.setQueriesData({ queryKey: commentKeys.all }, (data: unknown) => withLike(data, id, like));
      else void invalidate();
    },
  });
}

/** The cached comment lists with one comment's like set, wherever it appears (thread or reply). */
function withLike(data: unknown, id: number, like: boolean): unknown {
  if (Array.isArray(data)) return data.map((item: unknown) => withLike(item, id, like));
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) copy[key] = withLike(value, id, like);
  if (record['id'] === id && typeof record['zan'] === 'number' && typeof record['is_zan'] === 'number') {
    const was = record['is_zan'] === 1;
    copy['is_zan'] = like ? 1 : 0;
    copy['zan'] = Math.max(0, record['zan'] + (like === was ? 0 : like ? 1 : -1));
  }
  return copy;
}

export function useReportComment() {
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) => callApi(commentReportCall, input),
  });
}

export function useBlockAuthor() {
  const invalidate = useInvalidateComments();
  return useMutation({
    mutationFn: async ({ uid, block }: { uid: number; block: boolean }) =>
      (await callApi(block ? commentBlockCall : commentUnblockCall, { uid })).blacklist,
    // The local list keeps ids blocked before this device signed in; the server's list is merged in.
    onSuccess: (blacklist, { uid, block }) => {
      const local = readBlacklist().filter((id) => block || id !== uid);
      writeBlacklist([...local, ...blacklist]);
      void invalidate();
    },
  });
}

/** The authors this user blocked, by name, for the blocked-users sheet in settings. */
export function useBlockedUsers(enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.blocked,
    queryFn: () => callApi(commentBlacklistCall, {}),
    enabled,
  });
}
