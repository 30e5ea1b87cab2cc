/**
 * The AI tab: its state (credits, free tries, styles, packs), AI cos jobs (start, poll
 * until done or failed), the gallery, buying credit packs (one idempotency key per intent) and the
 * AI log. Components never fetch; they use these hooks.
 */
import type { CallResponse } from '@dm51/shared';
import {
  aiBuyCall,
  aiCosCreateCall,
  aiGalleryCall,
  aiGalleryDelCall,
  aiIndexCall,
  aiJobCall,
  aiLogCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { clearIntentKey, intentKey } from '../../lib/intent-key';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { aiKeys, invalidate } from './query-keys';

export type AiIndex = CallResponse<typeof aiIndexCall>;
export type AiJobItem = CallResponse<typeof aiJobCall>;
export type AiLogLine = CallResponse<typeof aiLogCall>['list'][number];

/** Credits, free tries, the gallery and the log all change together after a job or a purchase. */
function invalidateAi(client: QueryClient) {
  invalidate(client, 'ai', 'wallet');
}

export function useAiIndex(uid: number) {
  return useQuery({
    queryKey: aiKeys.index(uid),
    queryFn: ({ signal }) => callApi(aiIndexCall, {}, { signal }),
    staleTime: 0,
  });
}

/** Polls a job every second until it is done or failed; then refreshes what it changed. */
export function useAiJob(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: aiKeys.job(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const job = await callApi(aiJobCall, { id: id! }, { signal });
      if (job.status === 'done' || job.status === 'failed') {
        invalidate(client, 'ai');
      }
      return job;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

export interface CosInput {
  style: string;
  /** A photo, or a work whose cover is the source. */
  file?: Blob;
  workId?: number;
  seed?: number;
}

export function useCosCreate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CosInput) => {
      const scope = 'ai:cos';
      try {
        return await callApi(
          aiCosCreateCall,
          {
            style: input.style,
            ...(input.workId ? { work_id: input.workId } : {}),
            ...(input.seed !== undefined ? { seed: input.seed } : {}),
            idempotency_key: intentKey(scope),
          },
          // The screen explains "no free try left" itself (guests: the bind prompt; users: buy).
          { ...(input.file ? { file: input.file } : {}), quiet: [1501] },
        );
      } finally {
        clearIntentKey(scope);
      }
    },
    onSettled: () => invalidateAi(client),
  });
}

export function useBuyAiCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pack: string) => {
      const scope = `ai:buy:${pack}`;
      try {
        return await callApi(aiBuyCall, { pack, idempotency_key: intentKey(scope) });
      } finally {
        clearIntentKey(scope);
      }
    },
    onSettled: () => invalidateAi(client),
  });
}

export function useAiGallery(uid: number) {
  return usePagedList<AiJobItem>({
    queryKey: aiKeys.gallery(uid),
    fetchPage: (page, limit, signal) => callApi(aiGalleryCall, { page, limit }, { signal }),
    keyOf: (item) => String(item.id),
  });
}

export function useDeleteAiImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(aiGalleryDelCall, { id }),
    onSettled: () => invalidate(client, 'ai'),
  });
}

export function useAiLog(uid: number) {
  return usePagedList<AiLogLine>({
    queryKey: aiKeys.log(uid),
    fetchPage: (page, limit, signal) => callApi(aiLogCall, { page, limit }, { signal }),
    keyOf: (item) => String(item.id),
  });
}
