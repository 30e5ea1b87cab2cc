import { createHashRouter, redirect, type RouteObject } from 'react-router-dom';
import { sessionStore } from '../state/session';
import { AppShell } from './AppShell';
import { NotFoundPage } from './common/NotFoundPage';
import { guardRedirect } from './guard';
import { PageHost } from './PageHost';
import { ROUTES, type RouteDef } from './route-table';

/** Guarded routes check the session in a loader, so the redirect happens before the page renders. */
function toRouteObject(route: RouteDef): RouteObject {
  return {
    path: route.path,
    element: <PageHost route={route} />,
    loader: route.guarded
      ? () => {
          const to = guardRedirect(route.path, sessionStore.get());
          if (to) throw redirect(to);
          return null;
        }
      : undefined,
  };
}

export function createAppRouter() {
  return createHashRouter([
    {
      element: <AppShell />,
      HydrateFallback: () => null,
      children: [...ROUTES.map(toRouteObject), { path: '*', element: <NotFoundPage /> }],
    },
  ]);
}
