import { HomeTab, type StartSettings } from '@dm51/shared';
import { isWebAddress } from '../../lib/platform';
import { findRoute, HOME_PATH } from '../../routes/route-table';

export type TabIconName = 'comics' | 'novels' | 'anime' | 'sort' | 'quest' | 'ai' | 'mine';

/** Where a tab (or a start-settings link) leads. */
export type TabTarget =
  | { kind: 'tab'; path: string; search?: string }
  | { kind: 'page'; path: string; search?: string }
  | { kind: 'external'; url: string };

export interface TabItem {
  id: TabIconName;
  labelKey: string;
  target: TabTarget;
}

/** Empty or unknown AI links fall back to the built-in AI tab page rather than a dead entry. */
const AI_TAB_FALLBACK: TabTarget = { kind: 'tab', path: '/pages/ai/ai' };

/** Names that open as tab pages when app_tabbar_ai_url points at them (spec §2). */
const TAB_LIKE_NAMES = new Set(['home', 'sort', 'ai', 'user', 'book']);

/**
 * The AI entry's target from app_tabbar_ai_url: a web address opens outside the app; one of home,
 * sort, ai, user, book opens as a tab page; anything else as a normal page.
 */
export function aiTabTarget(url: string): TabTarget {
  const trimmed = url.trim();
  if (isWebAddress(trimmed)) return { kind: 'external', url: trimmed };
  if (trimmed === '') return AI_TAB_FALLBACK;
  const [rawPath = '', query] = trimmed.split('?', 2);
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const search = query ? `?${query}` : undefined;
  const route = findRoute(path);
  if (route && TAB_LIKE_NAMES.has(route.name)) return { kind: 'tab', path: route.path, search };
  if (route && route.group !== 'entry') return { kind: 'page', path: route.path, search };
  return AI_TAB_FALLBACK;
}

/** The seven tabs in spec order; the AI tab only when app_tabbar_ai_mode is 1. */
export function buildTabs(
  settings: Pick<StartSettings, 'app_tabbar_ai_mode' | 'app_tabbar_ai_url'>,
): TabItem[] {
  const tabs: TabItem[] = [
    {
      id: 'comics',
      labelKey: 'tab.comics',
      target: { kind: 'tab', path: HOME_PATH, search: `?tab=${HomeTab.COMICS}` },
    },
    {
      id: 'novels',
      labelKey: 'tab.novels',
      target: { kind: 'tab', path: HOME_PATH, search: `?tab=${HomeTab.NOVELS}` },
    },
    { id: 'anime', labelKey: 'tab.anime', target: { kind: 'tab', path: '/pages/anime/anime' } },
    { id: 'sort', labelKey: 'tab.sort', target: { kind: 'tab', path: '/pages/sort/sort' } },
    { id: 'quest', labelKey: 'tab.quest', target: { kind: 'tab', path: '/pages/quest/quest' } },
    { id: 'ai', labelKey: 'tab.ai', target: aiTabTarget(settings.app_tabbar_ai_url) },
    { id: 'mine', labelKey: 'tab.mine', target: { kind: 'tab', path: '/pages/user/user' } },
  ];
  return settings.app_tabbar_ai_mode === 1 ? tabs : tabs.filter((tab) => tab.id !== 'ai');
}

/** Home tab value from a query string; anything unknown is the comics tab. */
export function homeTabFromSearch(search: string): number {
  const value = Number(new URLSearchParams(search).get('tab'));
  return value === HomeTab.ANIME || value === HomeTab.NOVELS ? value : HomeTab.COMICS;
}

/** Which tab is lit for the current location, or null on a non-tab page. */
export function activeTabId(tabs: readonly TabItem[], pathname: string, search: string): TabIconName | null {
  // The home page's tabs light their own bottom item: its anime tab lights "anime", as the top row does.
  if (pathname === HOME_PATH) {
    const tab = homeTabFromSearch(search);
    return tab === HomeTab.NOVELS ? 'novels' : tab === HomeTab.ANIME ? 'anime' : 'comics';
  }
  const match = tabs.find((tab) => tab.target.kind !== 'external' && tab.target.path === pathname);
  return match?.id ?? null;
}
