import { findRoute, HOME_PATH } from './route-table';

/** Pages that may be the only page without being sent home (spec §2 navigation rules). */
export const ROOT_PAGE_NAMES: ReadonlySet<string> = new Set(['home', 'sort', 'quest', 'book', 'user']);

export type BackAction = { kind: 'history' } | { kind: 'replace'; path: string } | { kind: 'none' };

/**
 * What "back" does. `depth` is how many app pages sit below the current one in this tab's history
 * (0 = the only page). With something to go back to, go back; as the only page, pages other than
 * the root ones go home; a root page stays (there is nowhere further back inside the app).
 */
export function backAction(depth: number, currentPath: string): BackAction {
  if (depth > 0) return { kind: 'history' };
  const route = findRoute(currentPath);
  if (route && ROOT_PAGE_NAMES.has(route.name)) return { kind: 'none' };
  return { kind: 'replace', path: HOME_PATH };
}
