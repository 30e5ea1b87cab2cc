/**
 * The landing pages' calls without React or TanStack Query, so the page's first script (`boot.ts`)
 * can send them before the app's code arrives and the queries ask for exactly the same thing.
 */
import {
  ApiCode,
  HOME_SIZES,
  HomeTab,
  WorkType,
  type ChapterItem,
  type HomeData,
  type WorkDetail,
} from '@dm51/shared';
import {
  bookChaptersCall,
  bookDetailsCall,
  bookHomeCall,
  comicChaptersCall,
  comicDetailsCall,
  comicHomeCall,
  comicReadCall,
} from '@dm51/shared/call-refs';
import { callApi } from '../../lib/api/client';

const SIZES = { reco_size: HOME_SIZES.reco, news_size: HOME_SIZES.news, type_size: HOME_SIZES.type };

export function fetchHome(tab: number, signal?: AbortSignal): Promise<HomeData> {
  const call = tab === HomeTab.NOVELS ? bookHomeCall : comicHomeCall;
  // Spec §8: failed home data calls are silently ignored; the page itself offers a retry.
  return callApi(call, SIZES, { signal, silent: true });
}

/** The image most likely to be the largest paint of home: the first banner, else the first cover. */
export function homeLcpImage(data: HomeData | undefined): string | null {
  return data?.banner[0]?.picx || data?.reco[0]?.pic || data?.news[0]?.pic || null;
}

export function fetchWorkDetail(type: number, id: number, signal?: AbortSignal): Promise<WorkDetail> {
  return callApi(type === WorkType.NOVEL ? bookDetailsCall : comicDetailsCall, { id }, { signal });
}

/** A work's chapter list in one page (a work has at most this many chapters). */
export const CHAPTERS_LIMIT = 2000;

export function fetchChapters(type: number, id: number, signal?: AbortSignal): Promise<ChapterItem[]> {
  const call = type === WorkType.NOVEL ? bookChaptersCall : comicChaptersCall;
  return callApi(call, { id, order: 'asc', page: 1, limit: CHAPTERS_LIMIT }, { signal }).then(
    (page) => page.list,
  );
}

/** A locked chapter is explained by the reader's lock panel and unlock sheet, not by a toast. */
export const LOCK_CODES = [ApiCode.VIP_REQUIRED, ApiCode.CHAPTER_LOCKED] as const;

/** A comic chapter's pages (quiet on the lock codes: the reader explains those itself). */
export function fetchComicChapter(chapterId: number, signal?: AbortSignal) {
  return callApi(comicReadCall, { chapter_id: chapterId }, { signal, quiet: LOCK_CODES });
}
