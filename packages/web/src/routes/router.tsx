import { HashRouter, Navigate, useLocation } from '../lib/router';
import { sessionStore } from '../state/session';
import { AppShell } from './AppShell';
import { NotFoundPage } from './common/NotFoundPage';
import { guardRedirect } from './guard';
import { PageHost } from './PageHost';
import { findRoute, type RouteDef } from './route-table';

/** A guarded page checks the session before it renders; a guest is replaced by the login page. */
function GuardedPage({ route }: { route: RouteDef }) {
  const { search } = useLocation();
  const to = guardRedirect(route.path + search, sessionStore.get());
  return to ? <Navigate to={to} replace /> : <PageHost route={route} />;
}

/** The page the location names in the route table, or 'not found'. */
function CurrentPage() {
  const route = findRoute(useLocation().pathname);
  if (!route) return <NotFoundPage />;
  return route.guarded ? <GuardedPage route={route} /> : <PageHost route={route} />;
}

/**
 * Hash routes (spec §2), every one a flat path of the route table, inside the app's frame
 * (lib/router says why the app has its own small router).
 */
export function AppRouter() {
  return (
    <HashRouter>
      <AppShell>
        <CurrentPage />
      </AppShell>
    </HashRouter>
  );
}
