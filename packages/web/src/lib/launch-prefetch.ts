/**
 * Launch without a waterfall: as soon as a session exists, start what the landing page
 * needs — its code chunk, its data and its largest image — instead of waiting for React to render
 * the page that then asks for them one after the other.
 */
import { HomeTab, WorkType, type HomeData } from '@dm51/shared';
import type { QueryClient } from '@tanstack/react-query';
import { homeTabFromSearch } from '../components/tabbar/tab-items';
import { openingPage, readerStart } from '../components/reader/reader-start';
import { findRoute } from '../routes/route-table';
import { holdForLandingImage, landingImageSettled } from './landing-image';
import { fetchChapters, fetchWorkDetail, markDetailFetchedAtLaunch } from '../state/queries/catalogue';
import { fetchHome } from '../state/queries/home';
import { catalogueKeys, homeKeys } from '../state/queries/query-keys';
import { homeLcpImage } from '../state/queries/landing-fetch';
import { prefetchComicChapter } from '../state/queries/reader';

export { homeLcpImage };

/** The landing page's largest image: fetched now, and the page's other images wait for it. */
async function preload(image: string | null | undefined, hold?: { untilPainted: boolean }): Promise<void> {
  if (!image) return;
  holdForLandingImage(image, hold);
  const { preloadImage } = await import('../components/xfile-image/use-xfile-image');
  preloadImage(image, () => landingImageSettled(image));
}

function prefetchHome(client: QueryClient, search: string): void {
  const tab = homeTabFromSearch(search);
  void import('../routes/home/HomePage');
  if (tab === HomeTab.ANIME) return;
  void client
    .prefetchQuery({ queryKey: homeKeys.tab(tab), queryFn: ({ signal }) => fetchHome(tab, signal) })
    .then(() => preload(homeLcpImage(client.getQueryData<HomeData>(homeKeys.tab(tab)))));
}

/**
 * A comic chapter opened from a link: the reader's chunk, the chapter's pages (the page it opens
 * at, its first or the link's `&page=`, is the largest paint) and the chapter list the reader
 * checks locks against, all at once.
 */
function prefetchComicReader(client: QueryClient, search: string): void {
  const params = new URLSearchParams(search);
  const workId = Number(params.get('column'));
  const chapterId = Number(params.get('chapter'));
  void import('../routes/cartoon/ReaderPage');
  if (workId > 0)
    void client.prefetchQuery({
      queryKey: catalogueKeys.chapters(WorkType.COMIC, workId),
      queryFn: ({ signal }) => fetchChapters(WorkType.COMIC, workId, signal),
    });
  if (chapterId > 0)
    void prefetchComicChapter(client, chapterId).then((chapter) =>
      preload(chapter ? openingPage(chapter.pages, readerStart(params, 'page'))?.url : undefined, {
        untilPainted: true,
      }),
    );
}

/**
 * A comic's detail page opened from a link: its chunk, the detail (its cover is the largest paint,
 * drawn twice: blurred behind the title and as the cover) and the chapter list, all at once.
 */
function prefetchComicDetail(client: QueryClient, search: string): void {
  const workId = Number(new URLSearchParams(search).get('column'));
  void import('../routes/cartoon/DetailsPage');
  if (!(workId > 0)) return;
  markDetailFetchedAtLaunch(WorkType.COMIC, workId);
  void client
    .fetchQuery({
      queryKey: catalogueKeys.detail(WorkType.COMIC, workId),
      queryFn: ({ signal }) => fetchWorkDetail(WorkType.COMIC, workId, signal),
    })
    .then(
      (work) => preload(work.pic),
      () => undefined,
    );
  void client.prefetchQuery({
    queryKey: catalogueKeys.chapters(WorkType.COMIC, workId),
    queryFn: ({ signal }) => fetchChapters(WorkType.COMIC, workId, signal),
  });
}

export function prefetchLanding(client: QueryClient, pathWithSearch: string): void {
  const [pathname = '', search = ''] = pathWithSearch.split('?');
  const name = findRoute(pathname)?.name;
  if (name === 'home') prefetchHome(client, search);
  else if (name === 'cartoonReader') prefetchComicReader(client, search);
  else if (name === 'cartoonDetails') prefetchComicDetail(client, search);
}
