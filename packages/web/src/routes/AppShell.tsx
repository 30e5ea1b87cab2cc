import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { OfflineBanner } from '../components/offline/OfflineBanner';
import { TabBar } from '../components/tabbar/TabBar';
import { isAdPage } from '../lib/ad-rules';
import { afterLanding } from '../lib/after-landing';
import { useLocation, useNavigate, useNavigationType } from '../lib/router';
import { knownHost } from '../lib/api/host';
import { useLanded } from '../lib/use-landed';
import { sessionMadeAtLaunch } from '../lib/launch/early';
import { prefetchLanding } from '../lib/launch-prefetch';
import { requireRuntimeConfig } from '../lib/runtime-config';
import { prefetchStartSettings } from '../state/queries/start-settings';
import { fetchUserInfoOnce } from '../state/queries/user';
import { sessionStore } from '../state/session';
import { recordNavigation } from './history-depth';
import { startEntryFlowEarly } from './entry/entry-flow';
import { entryRedirectTarget, launchDecision } from './launch';
import { findRoute, HOME_PATH, isTabRoute } from './route-table';

// Its texts (the floating ad's) are launch messages; the update dialog it may open waits for the
// rest of them itself (UpdatePrompt), so home's download does not carry the rest of English.
const ShellExtras = lazy(() => import('./ShellExtras'));

/**
 * Pages without the offline notice: the readers and the player (a downloaded chapter reads there
 * as online, with nothing over it) and the Downloads page (which says it itself).
 */
const NO_OFFLINE_BANNER: ReadonlySet<string> = new Set([
  'cartoonReader',
  'novelReader',
  'animePlayer',
  'downloads',
]);

/**
 * Analytics is loaded after the first paint rather than with the shell; page views keep their order
 * because every caller waits on the same module promise.
 */
function trackPageViewLater(pathname: string): void {
  void afterLanding()
    .then(() => import('../lib/analytics'))
    .then((module) => module.trackPageView(pathname));
}

/** The frame around every page: history depth, the launch rule, the floating ad and the tab bar on tab pages. */
export function AppShell({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const launched = useRef(false);
  // The floating ad and the update prompt wait until the landing page has painted its image.
  const extras = useLanded();

  useEffect(() => {
    recordNavigation(location.key, navigationType);
  }, [location.key, navigationType]);

  // A page view per route change: the path only (queries may hold codes and tokens).
  useEffect(() => trackPageViewLater(location.pathname), [location.pathname]);

  useEffect(() => {
    if (launched.current) return;
    launched.current = true;
    const decision = launchDecision({
      pathWithSearch: `${location.pathname}${location.search}`,
      hostKnown: knownHost(requireRuntimeConfig().apiHosts) !== null,
      // A session boot.ts made during this launch still counts as a new visitor's first launch.
      hasToken: sessionStore.get().token !== '' && !sessionMadeAtLaunch(),
    });
    // The entry page's calls (host, settings, session) go out now, not once its chunk has arrived
    // and rendered; once the session exists, so do the landing page's chunk, data and first image.
    const startEntry = (redirectSearch: string) => {
      const target = entryRedirectTarget(redirectSearch, HOME_PATH);
      startEntryFlowEarly(queryClient, () => prefetchLanding(queryClient, target));
    };
    if (decision.kind === 'toEntry') {
      startEntry(decision.to.slice(decision.to.indexOf('?')));
      navigate(decision.to, { replace: true });
    } else if (findRoute(location.pathname)?.group === 'entry') startEntry(location.search);
    else if (decision.kind === 'fetchSettings') {
      void prefetchStartSettings(queryClient);
      // The landing page's chunk, data and first image go out beside the settings, not after them.
      if (sessionStore.get().token !== '')
        prefetchLanding(queryClient, `${location.pathname}${location.search}`);
      // Check the stored session at every launch: a revoked one answers 401, which clears it and
      // restarts at the entry page, instead of surfacing later in the middle of some page.
      const { token, uid } = sessionStore.get();
      if (token !== '') fetchUserInfoOnce(queryClient, uid).catch(() => undefined);
    }
  }, [location.pathname, location.search, navigate, queryClient]);

  const route = findRoute(location.pathname);
  const withTabBar = isTabRoute(route);
  const adPage = route?.name;
  return (
    <div className={`app-page${withTabBar ? ' app-page--tabbed' : ''}`}>
      {children}
      {withTabBar && <TabBar />}
      {!NO_OFFLINE_BANNER.has(route?.name ?? '') && <OfflineBanner />}
      {extras && (
        <Suspense fallback={null}>
          <ShellExtras adPage={isAdPage(adPage) ? adPage : null} visitKey={location.key} />
        </Suspense>
      )}
    </div>
  );
}
