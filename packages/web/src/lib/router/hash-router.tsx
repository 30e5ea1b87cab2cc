/**
 * The app's router: hash URLs (spec §2: `/#/pages/…?query`) on the `history` package's hash
 * history, with the handful of hooks the pages use. It replaced react-router for a lighter first
 * load: the app matches its own flat route table (routes/route-table.ts) and needs no nested
 * routes, loaders, actions or relative links, and react-router's declarative mode was 11.8 KiB of
 * the JavaScript a phone downloads for home; this is about 2.
 *
 * What it keeps from react-router, because the app relies on it:
 * - history entries carry `{ usr, key, idx }` (the same shape), so `location.key` survives a
 *   reload and routes/history-depth.ts keeps its stack across the switch;
 * - location changes render in a transition, so the page on screen stays until the next one's
 *   chunk is there instead of flashing the loading view;
 * - `navigate` is stable across renders; `useSearchParams` is memoised on the query.
 */
import { createHashHistory, type HashHistory, type Location, type Update } from 'history';
import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export type { Location } from 'history';
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface RouterState {
  history: HashHistory;
  location: Location;
  action: NavigationType;
}

const RouterContext = createContext<RouterState | null>(null);

let appHistory: HashHistory | null = null;

/** The one hash history of the page (created on first use: it listens to the window). */
export function hashHistory(): HashHistory {
  appHistory ??= createHashHistory();
  return appHistory;
}

export function HashRouter({ children }: { children: ReactNode }) {
  const history = hashHistory();
  const [update, setUpdate] = useState<Update>({ action: history.action, location: history.location });
  // A layout effect, so a navigation made while the first render commits is not missed.
  useLayoutEffect(() => history.listen((next) => startTransition(() => setUpdate(next))), [history]);
  const state = useMemo(
    () => ({ history, location: update.location, action: update.action as NavigationType }),
    [history, update],
  );
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('a router hook was used outside <HashRouter>');
  return state;
}
