import { useCallback, useMemo } from 'react';
import type { Location } from 'history';
import { useRouterState, type NavigationType } from './hash-router';

export interface NavigateOptions {
  replace?: boolean;
}

/** `navigate('/pages/…?a=1')` pushes (or replaces) an app path; `navigate(-1)` goes back. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export function useLocation(): Location {
  return useRouterState().location;
}

/** How the current entry was reached: PUSH, REPLACE, or POP (back, forward, a typed URL, a reload). */
export function useNavigationType(): NavigationType {
  return useRouterState().action;
}

export function useNavigate(): NavigateFunction {
  const { history } = useRouterState();
  return useCallback<NavigateFunction>(
    (to, options) => {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to);
      else history.push(to);
    },
    [history],
  );
}

export type SearchParamsInit = Record<string, string> | URLSearchParams;
export type SetSearchParams = (next: SearchParamsInit, options?: NavigateOptions) => void;

/** The current page's query, and a setter that navigates to the same page with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { history, location } = useRouterState();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const search = new URLSearchParams(next).toString();
      const to = { pathname: history.location.pathname, search: search ? `?${search}` : '' };
      if (options?.replace) history.replace(to);
      else history.push(to);
    },
    [history],
  );
  return [params, setParams];
}
