import { WorkType, type ShelfItem } from '@dm51/shared';
import {
  animeDetailsCall,
  animeFavoriteAddCall,
  animeFavoriteDelCall,
  animeFavoritesCall,
  animePlayCall,
  animeProgressCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { downloadedFirst, keptFirstPage, orKeptWorkPart } from '../../lib/offline/offline-fallback';
import { sendOrQueue } from '../../lib/offline/outbox-send';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { LOCK_CODES } from './reader';
import { animeKeys, invalidate } from './query-keys';

/** Episodes still packaging are polled, so "processing 40 %" moves and "ready" appears by itself. */
const PROCESSING_POLL_MS = 4_000;

export function useAnimeDetail(id: number) {
  return useQuery({
    queryKey: animeKeys.detail(id),
    queryFn: ({ signal }) =>
      orKeptWorkPart(WorkType.ANIME, id, 'detail', callApi(animeDetailsCall, { id }, { signal })),
    enabled: id > 0,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.episodes.some((e) => e.status === 'waiting' || e.status === 'processing')
        ? PROCESSING_POLL_MS
        : false,
  });
}

export function useAnimePlay(chapterId: number) {
  return useQuery({
    queryKey: animeKeys.play(chapterId),
    queryFn: ({ signal }) =>
      downloadedFirst('anime', chapterId, () =>
        callApi(animePlayCall, { chapter_id: chapterId }, { signal, quiet: LOCK_CODES }),
      ),
    enabled: chapterId > 0,
    // The resume position and key token must be fresh each time the player opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const status = query.state.data?.episode.status;
      return status === 'waiting' || status === 'processing' ? PROCESSING_POLL_MS : false;
    },
  });
}

/** Fire-and-forget watch position; failures are retried by the next periodic save. */
/** Fire-and-forget like a reading place; offline it waits in the outbox, one per episode. */
export function saveWatchProgress(chapterId: number, positionS: number, durationS: number): Promise<unknown> {
  return sendOrQueue({
    call: animeProgressCall,
    payload: {
      chapter_id: chapterId,
      position_s: Math.max(0, Math.round(positionS * 10) / 10),
      duration_s: Math.max(0, Math.round(durationS * 10) / 10),
      read_at: Date.now(),
    },
    slot: `episode:${chapterId}`,
    kind: 'place',
  }).catch(() => undefined);
}

export function useAnimeFavorites() {
  return usePagedList<ShelfItem>({
    queryKey: animeKeys.favorites,
    fetchPage: (page, limit, signal) =>
      keptFirstPage('animeFavorites', page, callApi(animeFavoritesCall, { page, limit }, { signal })),
    keyOf: workKey,
  });
}

/**
 * Favourite toggle on the anime detail; the detail is refetched so counts stay honest. Add and
 * remove are idempotent, so offline the wanted state waits in the outbox (the last one per anime)
 * and the detail shows it meanwhile.
 */
export function useAnimeFavoriteToggle(id: number) {
  const client = useQueryClient();
  return useMutation({
    // Run offline too (React Query would hold it until the connection returns, in memory only).
    networkMode: 'always',
    mutationFn: (favorite: boolean) =>
      favorite
        ? sendOrQueue({
            call: animeFavoriteAddCall,
            payload: { id },
            slot: `favorite:${id}`,
            kind: 'favorite',
          })
        : sendOrQueue({
            call: animeFavoriteDelCall,
            payload: { ids: [id] },
            slot: `favorite:${id}`,
            kind: 'favorite',
          }),
    onSuccess: (outcome, favorite) => {
      if (outcome !== 'queued') return;
      client.setQueryData(animeKeys.detail(id), (detail: { is_favorite: number } | undefined) =>
        detail ? { ...detail, is_favorite: favorite ? 1 : 0 } : detail,
      );
    },
    onSettled: (outcome) => {
      // Queued: the server does not know yet, a refetch would show the old state.
      if (outcome === 'queued') return;
      void client.invalidateQueries({ queryKey: animeKeys.detail(id) });
      invalidate(client, 'shelf');
    },
  });
}
