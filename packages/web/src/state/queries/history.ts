import { type HistoryItem } from '@dm51/shared';
import { bookReadAddCall, readAddCall, readDelCall, readIndexCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { historyKeys, invalidate } from './query-keys';

/** Reading history, most recent first; `type` -1 both, 0 comics, 1 novels. */
export function useHistoryList(type = -1) {
  return usePagedList<HistoryItem>({
    queryKey: historyKeys.list(type),
    fetchPage: (page, limit, signal) => callApi(readIndexCall, { type, page, limit }, { signal }),
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

/** Saves are fire-and-forget: a failed save must never interrupt reading (the next one catches up). */
export function saveComicPlace(place: ComicPlace): Promise<void> {
  return callApi(readAddCall, {
    id: place.workId,
    chapter_id: place.chapterId,
    page_index: place.pageIndex,
    percent: place.percent,
  }).then(
    () => undefined,
    () => undefined,
  );
}

export function saveNovelPlace(place: NovelPlace): Promise<void> {
  return callApi(bookReadAddCall, {
    id: place.workId,
    chapter_id: place.chapterId,
    position: place.position,
    percent: place.percent,
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
