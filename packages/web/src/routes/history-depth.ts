/**
 * Hash history offers no stack API, so the shell keeps its own: each history entry's key maps to how
 * many app pages lie below it. Kept in sessionStorage so a reload keeps the stack, as the browser does.
 */
export type NavAction = 'PUSH' | 'REPLACE' | 'POP';

export type DepthMap = Record<string, number>;

/** Depth of the entry just reached, given the depth of the entry we came from. */
export function nextDepth(
  depths: DepthMap,
  previousKey: string | null,
  nextKey: string,
  action: NavAction,
): number {
  const previous = previousKey === null ? 0 : (depths[previousKey] ?? 0);
  switch (action) {
    case 'PUSH':
      return previousKey === null ? 0 : previous + 1;
    case 'REPLACE':
      return previous;
    case 'POP':
      // A key we never saw is the page the tab was opened on (or reloaded into): the bottom.
      return depths[nextKey] ?? 0;
  }
}

const STORAGE_KEY = 'dm51.historyDepth';
/** Old entries beyond this many are dropped; nobody goes back hundreds of pages. */
const MAX_ENTRIES = 200;

function load(): DepthMap {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as DepthMap;
  } catch {
    return {};
  }
}

const depths: DepthMap = load();
let lastKey: string | null = null;

export function recordNavigation(key: string, action: NavAction): number {
  // The first location seen after a page load is a reload or a fresh open, not a move.
  const depth = lastKey === null ? (depths[key] ?? 0) : nextDepth(depths, lastKey, key, action);
  depths[key] = depth;
  lastKey = key;
  const keys = Object.keys(depths);
  if (keys.length > MAX_ENTRIES) {
    for (const old of keys.slice(0, keys.length - MAX_ENTRIES)) delete depths[old];
  }
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(depths));
  } catch {
    // Storage failures are ignored (spec §8); depth then only lives in memory.
  }
  return depth;
}

export function currentDepth(): number {
  return lastKey === null ? 0 : (depths[lastKey] ?? 0);
}
