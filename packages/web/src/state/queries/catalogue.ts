import { type WorkCard, type WorkDetail } from '@dm51/shared';
import {
  authorWorksCall,
  categoryIndexCall,
  categoryTagsCall,
  categoryWorksCall,
} from '@dm51/shared/call-refs';
import { useQuery, type QueryState } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { fetchChapters, fetchWorkDetail } from './landing-fetch';
import { catalogueKeys } from './query-keys';

// The detail and chapter calls live with the landing calls (boot.ts sends them at launch).
export { fetchChapters, fetchWorkDetail };

/** The filters of /v3/category/works (its request without paging); unset fields mean "any". */
export interface WorkFilter {
  type?: number;
  category_id?: number;
  tag_id?: number;
  status?: number;
  pay?: number;
  order?: 'new' | 'hot' | 'score';
}
export type ChapterOrder = 'asc' | 'desc';

export const workKey = (item: WorkCard) => `${item.type}:${item.relate_id}`;

/**
 * The detail the launch fetched for the page it lands on (lib/launch-prefetch.ts) is fresh for that
 * page's mount: nothing can have moved the saved place in between, and asking again would be the
 * last round trip before a detail link's cover paints on a slow phone. Only that one
 * answer, unchanged since (its first), not invalidated (reading a chapter invalidates it) and at
 * most LAUNCH_DETAIL_FRESH_MS old; every other mount asks again.
 */
const LAUNCH_DETAIL_FRESH_MS = 10_000;
let launchDetail: string | null = null;

export function markDetailFetchedAtLaunch(type: number, id: number): void {
  launchDetail = `${type}:${id}`;
}

function freshFromLaunch(type: number, id: number, state: QueryState<WorkDetail>): boolean {
  return (
    launchDetail === `${type}:${id}` &&
    state.dataUpdateCount === 1 &&
    !state.isInvalidated &&
    Date.now() - state.dataUpdatedAt < LAUNCH_DETAIL_FRESH_MS
  );
}

/** A comic's or novel's detail (with favourite flag and saved place). */
export function useWorkDetail(type: number, id: number) {
  return useQuery({
    queryKey: catalogueKeys.detail(type, id),
    queryFn: ({ signal }) => fetchWorkDetail(type, id, signal),
    enabled: id > 0,
    // The saved place changes whenever the user reads: never show a stale "continue".
    staleTime: 0,
    refetchOnMount: (query) => !freshFromLaunch(type, id, query.state),
  });
}

/**
 * All chapters in reading order; the detail's asc/desc switch and the readers' chapter list sort
 * this one cached copy instead of asking again.
 */
export function useChapters(type: number, id: number) {
  return useQuery({
    queryKey: catalogueKeys.chapters(type, id),
    queryFn: ({ signal }) => fetchChapters(type, id, signal),
    enabled: id > 0,
  });
}

export function useCategoryIndex(type: number) {
  return useQuery({
    queryKey: catalogueKeys.filters(type),
    queryFn: ({ signal }) => callApi(categoryIndexCall, { type }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTagList(type: number) {
  return useQuery({
    queryKey: catalogueKeys.tags(type),
    queryFn: ({ signal }) => callApi(categoryTagsCall, { type, page: 1, limit: 200 }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Filtered works (category pages, tag pages, homeIndex, novelView), spec §4 paging. */
export function useWorkList(filter: WorkFilter, enabled = true) {
  return usePagedList<WorkCard>({
    queryKey: catalogueKeys.works(filter),
    fetchPage: (page, limit, signal) => callApi(categoryWorksCall, { ...filter, page, limit }, { signal }),
    keyOf: workKey,
    enabled,
  });
}

/** The author page: the author's record and their works, paged. */
export function useAuthorWorks(id: number, type = -1) {
  const list = usePagedList({
    queryKey: catalogueKeys.author(id, type),
    fetchPage: (page, limit, signal) => callApi(authorWorksCall, { id, type, page, limit }, { signal }),
    keyOf: workKey,
    enabled: id > 0,
  });
  return { ...list, author: list.firstPage?.author ?? null };
}
