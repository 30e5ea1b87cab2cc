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
import { downloadedFirst, orKeptWorkPart } from '../../lib/offline/offline-fallback';

/**
 * Home is asked for in two calls with the spec's sizes between them: the first screen
 * (banner, recommended, newest) at launch, and the category sections (`type_size`) once the reader
 * heads for them (routes/home/HomeSections.tsx). They are most of the whole answer (on a catalogue
 * of 2,000 comics in 10 categories, 37.3 of its 44.2 KB of JSON; 8.4 of 15.5 KB on the demo
 * library, whose categories hold 1 to 3 works), and a sealed answer does not compress: the launch
 * call no longer carries them before the first paint, nor does a visitor who never scrolls
 * download, decrypt or render them.
 */
const FIRST_SCREEN_SIZES = { reco_size: HOME_SIZES.reco, news_size: HOME_SIZES.news, type_size: 0 };
const SECTION_SIZES = { reco_size: 0, news_size: 0, type_size: HOME_SIZES.type };

function homeCall(tab: number) {
  return tab === HomeTab.NOVELS ? bookHomeCall : comicHomeCall;
}

/** Home's first screen: banner, banner ad, recommended and newest (no category sections). */
export function fetchHome(tab: number, signal?: AbortSignal): Promise<HomeData> {
  // Spec §8: failed home data calls are silently ignored; the page itself offers a retry.
  return callApi(homeCall(tab), FIRST_SCREEN_SIZES, { signal, silent: true });
}

/** Home's category sections (`class`; the answer's banner is not used). */
export function fetchHomeSections(tab: number, signal?: AbortSignal): Promise<HomeData['class']> {
  return callApi(homeCall(tab), SECTION_SIZES, { signal, silent: true }).then((data) => data.class);
}

/** The image most likely to be the largest paint of home: the first banner, else the first cover. */
export function homeLcpImage(data: HomeData | undefined): string | null {
  return data?.banner[0]?.picx || data?.reco[0]?.pic || data?.news[0]?.pic || null;
}

export function fetchWorkDetail(type: number, id: number, signal?: AbortSignal): Promise<WorkDetail> {
  const call = type === WorkType.NOVEL ? bookDetailsCall : comicDetailsCall;
  return orKeptWorkPart(type, id, 'detail', callApi(call, { id }, { signal }));
}

/** A work's chapter list in one page (a work has at most this many chapters). */
export const CHAPTERS_LIMIT = 2000;

export function fetchChapters(type: number, id: number, signal?: AbortSignal): Promise<ChapterItem[]> {
  const call = type === WorkType.NOVEL ? bookChaptersCall : comicChaptersCall;
  const list = callApi(call, { id, order: 'asc', page: 1, limit: CHAPTERS_LIMIT }, { signal }).then(
    (page) => page.list,
  );
  return orKeptWorkPart(type, id, 'chapters', list);
}

/** A locked chapter is explained by the reader's lock panel and unlock sheet, not by a toast. */
export const LOCK_CODES = [ApiCode.VIP_REQUIRED, ApiCode.CHAPTER_LOCKED] as const;

/** A comic chapter's pages (quiet on the lock codes: the reader explains those itself). */
export function fetchComicChapter(chapterId: number, signal?: AbortSignal) {
  return downloadedFirst('comic', chapterId, () =>
    callApi(comicReadCall, { chapter_id: chapterId }, { signal, quiet: LOCK_CODES }),
  );
}
