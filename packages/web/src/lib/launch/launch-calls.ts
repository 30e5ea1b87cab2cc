/**
 * The launch calls, sent by the page's first script (`boot.ts`) while the app's own code is still
 * on its way, so they do not wait in a chain behind it
 * (docs/develop/decisions/0022-first-script-sends-launch-calls.md). This module and what it imports
 * stay free of React, the router and TanStack Query, so `boot.ts` is a small chunk of its own:
 *
 * - start-up settings and, for a new visitor, visitor init go out together at once;
 * - as soon as a session exists, the landing page's data (home's tab; a comic's detail and chapter
 *   list; a chapter's pages and chapter list);
 * - as soon as that data names it, the landing page's largest image (home's first banner or cover,
 *   the detail's cover, the page a chapter link opens at), fetched and XOR-decoded (protocol.md).
 *
 * Each is taken once by the app when it asks for the same thing (`lib/launch/early.ts`): the app's
 * own launch logic is unchanged, it only finds its calls already answered or in flight. Nothing
 * here runs without a valid runtime config and a known API host (mirror probing stays the entry
 * page's work).
 */
import { HomeTab, isXfilePath, WorkType } from '@dm51/shared';
import { appInitCall, appStartCall } from '@dm51/shared/call-refs';
import { openingPage, readerStart } from '../../components/reader/reader-start';
import { fetchXfile } from '../../components/xfile-image/fetch-xfile';
import { entryRedirectTarget } from '../../routes/launch';
import { findRoute, HOME_PATH } from '../../routes/route-table';
import {
  fetchChapters,
  fetchComicChapter,
  fetchHome,
  fetchWorkDetail,
  homeLcpImage,
} from '../../state/queries/landing-fetch';
import { guestToUserInfo, sessionStore } from '../../state/session';
import { callApi, launchCallKey } from '../api/client';
import { knownHost } from '../api/host';
import { getDeviceId } from '../device';
import { mediaUrl } from '../media-url';
import { nextTask } from '../next-task';
import { loadRuntimeConfig } from '../runtime-config';
import { markSessionMadeAtLaunch, putEarlyImage, recordLaunchCalls, takeEarlyCall } from './early';

/** Which page the visitor lands on, from the address: the page itself, or an entry link's target. */
export function landingTarget(hash: string): { name: string | undefined; search: string } {
  const path = hash.replace(/^#/, '') || '/';
  const [pathname = '/', search = ''] = path.split('?');
  const route = findRoute(pathname);
  if (route?.group === 'entry') {
    const target = entryRedirectTarget(search ? `?${search}` : '', HOME_PATH);
    const [targetPath = '', targetSearch = ''] = target.split('?');
    return { name: findRoute(targetPath)?.name, search: targetSearch };
  }
  return { name: route?.name, search };
}

function earlyImage(src: string | null | undefined, host: string, xorKey: number): void {
  const url = src ? mediaUrl(src, host) : '';
  if (url === '' || !isXfilePath(url)) return;
  putEarlyImage(url, fetchXfile(url, { xorKey }));
}

/** The landing page's data and first image; the session exists. */
function startLanding(name: string | undefined, search: string, host: string, xorKey: number): void {
  const params = new URLSearchParams(search);
  const workId = Number(params.get('column'));
  const chapterId = Number(params.get('chapter'));
  const ignore = () => undefined;
  if (name === 'home') {
    const tab = Number(params.get('tab'));
    if (tab === HomeTab.ANIME) return;
    const home = recordLaunchCalls(() => fetchHome(tab === HomeTab.NOVELS ? tab : HomeTab.COMICS));
    void home.then((data) => earlyImage(homeLcpImage(data), host, xorKey), ignore);
  } else if (name === 'cartoonDetails' && workId > 0) {
    const detail = recordLaunchCalls(() => fetchWorkDetail(WorkType.COMIC, workId));
    void detail.then((work) => earlyImage(work.pic, host, xorKey), ignore);
    void recordLaunchCalls(() => fetchChapters(WorkType.COMIC, workId)).catch(ignore);
  } else if (name === 'cartoonReader') {
    if (chapterId > 0) {
      const chapter = recordLaunchCalls(() => fetchComicChapter(chapterId));
      // The page the link opens at (`&page=`), the first page without one.
      const start = readerStart(params, 'page');
      void chapter.then((read) => earlyImage(openingPage(read.pages, start)?.url, host, xorKey), ignore);
    }
    if (workId > 0) void recordLaunchCalls(() => fetchChapters(WorkType.COMIC, workId)).catch(ignore);
  }
}

/**
 * Sends the launch calls for the page in `hash`; returns at once. Does nothing without a valid
 * runtime config or a known API host. The promise it returns settles once the landing page's own
 * calls have gone out, or once it is known that they will not go out here (no config or host, the
 * init call failed, a registered account's init answer): `boot.ts` holds the app's code until then.
 */
export function startLaunchCalls(hash: string): Promise<void> {
  const config = loadRuntimeConfig();
  if (!config.ok) return Promise.resolve();
  const host = knownHost(config.config.apiHosts);
  if (host === null) return Promise.resolve();
  const { xorKey, landing } = { xorKey: config.config.imageXorKey, landing: landingTarget(hash) };
  // The settings go out a task after the session's call (init, or the landing's own for a returning
  // visitor), which a first load waits on: two sealed calls in one task made it a long one.
  void nextTask()
    .then(() => recordLaunchCalls(() => callApi(appStartCall, {})))
    .catch(() => undefined);
  if (sessionStore.get().token !== '') {
    startLanding(landing.name, landing.search, host, xorKey);
    return Promise.resolve();
  }
  const initPayload = { deviceid: getDeviceId() };
  const initKey = launchCallKey(appInitCall, initPayload);
  const init = recordLaunchCalls(() => callApi(appInitCall, initPayload));
  return init.then((answer) => {
    // A guest session is complete with the init answer (spec §3); a registered account's is not
    // (the entry page then waits for its user record), so only a guest's landing starts here. In
    // the same callback as the answer, before the app's own continuation can read the session.
    if (!answer.is_guest || sessionStore.get().token !== '') return;
    // Used here: not to be handed on. The app asks for init again only after a log-out, and that
    // must make a new guest, not bring back this one (which may since have registered).
    takeEarlyCall(initKey);
    sessionStore.setIdentity(answer.token, answer.user.id, answer.is_guest);
    sessionStore.setUserInfo(guestToUserInfo(answer.guest, answer.user.id));
    markSessionMadeAtLaunch();
    startLanding(landing.name, landing.search, host, xorKey);
  }, ignoreFailure);
}

function ignoreFailure(): void {
  // The app makes the call again itself and shows what failed.
}
