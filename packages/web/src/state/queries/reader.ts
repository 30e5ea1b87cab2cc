import { type CallResponse } from '@dm51/shared';
import type { comicReadCall } from '@dm51/shared/call-refs';
import { bookReadCall } from '@dm51/shared/call-refs';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { downloadedFirst } from '../../lib/offline/offline-fallback';
import { fetchComicChapter, LOCK_CODES } from './landing-fetch';
import { readerKeys } from './query-keys';

export type ComicChapter = CallResponse<typeof comicReadCall>;
export type NovelChapter = CallResponse<typeof bookReadCall>;

// The lock codes and the comic chapter's call live with the landing calls (boot.ts sends it at launch).
export { LOCK_CODES };

/** Chapter contents never change under a reader; keep them while the session lasts. */
const CHAPTER_STALE_MS = 30 * 60_000;

function comicChapterOptions(chapterId: number) {
  return {
    queryKey: readerKeys.comic(chapterId),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchComicChapter(chapterId, signal),
    staleTime: CHAPTER_STALE_MS,
  };
}

function novelChapterOptions(chapterId: number) {
  return {
    queryKey: readerKeys.novel(chapterId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      downloadedFirst('novel', chapterId, () =>
        callApi(bookReadCall, { chapter_id: chapterId }, { signal, quiet: LOCK_CODES }),
      ),
    staleTime: CHAPTER_STALE_MS,
  };
}

/** A comic chapter's pages; `enabled` is false for chapters known to be locked. */
export function useComicChapter(chapterId: number, enabled = true) {
  return useQuery({ ...comicChapterOptions(chapterId), enabled: enabled && chapterId > 0, retry: false });
}

export function useNovelChapter(chapterId: number, enabled = true) {
  return useQuery({ ...novelChapterOptions(chapterId), enabled: enabled && chapterId > 0, retry: false });
}

/** Fetches the next comic chapter's page list ahead of time; quietly, since it may be locked. */
export function prefetchComicChapter(
  client: QueryClient,
  chapterId: number,
): Promise<ComicChapter | undefined> {
  if (chapterId <= 0) return Promise.resolve(undefined);
  return client.fetchQuery(comicChapterOptions(chapterId)).catch(() => undefined);
}

export function prefetchNovelChapter(client: QueryClient, chapterId: number): void {
  if (chapterId > 0) void client.prefetchQuery(novelChapterOptions(chapterId));
}
