import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { sessionStore } from '../state/session';
import { AppShell } from './AppShell';
import { NotFoundPage } from './common/NotFoundPage';
import { guardRedirect } from './guard';
import { PageHost } from './PageHost';
import { ROUTES, type RouteDef } from './route-table';

/** A guarded page checks the session before it renders; a guest is replaced by the login page. */
function GuardedPage({ route }: { route: RouteDef }) {
  const to = guardRedirect(route.path, sessionStore.get());
  return to ? <Navigate to={to} replace /> : <PageHost route={route} />;
}

/**
 * Hash routes (spec §2). A plain HashRouter rather than a data router: the app needs no loaders or
 * actions, and the data router's machinery would be a fifth of the JavaScript home needs.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<AppShell />}>
          {ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={route.guarded ? <GuardedPage route={route} /> : <PageHost route={route} />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
