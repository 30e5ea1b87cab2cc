import { type HistoryItem } from '@dm51/shared';
import { bookReadAddCall, readAddCall, readDelCall, readIndexCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { keptFirstPage } from '../../lib/offline/offline-fallback';
import { sendOrQueue } from '../../lib/offline/outbox-send';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { historyKeys, invalidate } from './query-keys';

/** Reading history, most recent first; `type` -1 both, 0 comics, 1 novels. */
export function useHistoryList(type = -1) {
  return usePagedList<HistoryItem>({
    queryKey: historyKeys.list(type),
    fetchPage: (page, limit, signal) =>
      keptFirstPage(`history:${type}`, page, callApi(readIndexCall, { type, page, limit }, { signal })),
    keyOf: workKey,
  });
}

export interface ComicPlace {
  workId: number;
  chapterId: number;
  pageIndex: number;
  percent: number;
}

export interface NovelPlace {
  workId: number;
  chapterId: number;
  position: number;
  percent: number;
}

/**
 * Saves are fire-and-forget: a failed save must never interrupt reading (the next one catches up).
 * Without a connection the place waits in the outbox, one per work, and is sent when the
 * connection returns; `read_at` (this device's time) lets the server keep whichever place is newer.
 */
export function saveComicPlace(place: ComicPlace): Promise<void> {
  return sendOrQueue({
    call: readAddCall,
    payload: {
      id: place.workId,
      chapter_id: place.chapterId,
      page_index: place.pageIndex,
      percent: place.percent,
      read_at: Date.now(),
    },
    slot: `work:${place.workId}`,
    kind: 'place',
  }).then(
    () => undefined,
    () => undefined,
  );
}

export function saveNovelPlace(place: NovelPlace): Promise<void> {
  return sendOrQueue({
    call: bookReadAddCall,
    payload: {
      id: place.workId,
      chapter_id: place.chapterId,
      position: place.position,
      percent: place.percent,
      read_at: Date.now(),
    },
    slot: `work:${place.workId}`,
    kind: 'place',
  }).then(
    () => undefined,
    () => undefined,
  );
}

export function useDeleteHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(readDelCall, { ids, all: 0 }),
    onSettled: () => invalidate(client, 'history'),
  });
}
