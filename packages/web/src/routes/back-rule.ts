import { findRoute, HOME_PATH } from './route-table';

export type BackAction = { kind: 'history' } | { kind: 'replace'; path: string } | { kind: 'none' };

/**
 * What "back" does. `depth` is how many app pages sit below the current one in this tab's history
 * (0 = the only page). With something to go back to, go back; as the only page, a page goes home
 * (spec §2). The spec leaves the root pages (home, sort, quest, book, user) out of that rule: the
 * tab pages among them show no back arrow, but the bookshelf does, and an arrow that does nothing
 * is broken, so it goes home too. Only home itself stays.
 */
export function backAction(depth: number, currentPath: string): BackAction {
  if (depth > 0) return { kind: 'history' };
  const route = findRoute(currentPath);
  if (route?.name === 'home') return { kind: 'none' };
  return { kind: 'replace', path: HOME_PATH };
}
