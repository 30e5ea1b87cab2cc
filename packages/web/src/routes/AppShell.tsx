import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { TabBar } from '../components/tabbar/TabBar';
import { knownHost } from '../lib/api/host';
import { requireRuntimeConfig } from '../lib/runtime-config';
import { prefetchStartSettings } from '../state/queries/start-settings';
import { fetchUserInfoOnce } from '../state/queries/user';
import { sessionStore } from '../state/session';
import { recordNavigation } from './history-depth';
import { launchDecision } from './launch';
import { findRoute, isTabRoute } from './route-table';

/** The frame around every page: history depth, the launch rule, and the tab bar on tab pages. */
export function AppShell() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const launched = useRef(false);

  useEffect(() => {
    recordNavigation(location.key, navigationType);
  }, [location.key, navigationType]);

  useEffect(() => {
    if (launched.current) return;
    launched.current = true;
    const decision = launchDecision({
      pathWithSearch: `${location.pathname}${location.search}`,
      hostKnown: knownHost(requireRuntimeConfig().apiHosts) !== null,
      hasToken: sessionStore.get().token !== '',
    });
    if (decision.kind === 'toEntry') navigate(decision.to, { replace: true });
    else if (decision.kind === 'fetchSettings') {
      void prefetchStartSettings(queryClient);
      // Check the stored session at every launch: a revoked one answers 401, which clears it and
      // restarts at the entry page, instead of surfacing later in the middle of some page.
      const { token, uid } = sessionStore.get();
      if (token !== '') fetchUserInfoOnce(queryClient, uid).catch(() => undefined);
    }
  }, [location.pathname, location.search, navigate, queryClient]);

  const route = findRoute(location.pathname);
  const withTabBar = isTabRoute(route);
  return (
    <div className={`app-page${withTabBar ? ' app-page--tabbed' : ''}`}>
      <Outlet />
      {withTabBar && <TabBar />}
    </div>
  );
}
