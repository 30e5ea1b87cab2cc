/**
 * Every route of spec §2 in one table. The router, the guard, the back rule, titles and the
 * coming-soon pages are all derived from it, so adding a page is one line here plus its component.
 */
export type RouteGroup =
  | 'entry'
  | 'tab'
  | 'anime'
  | 'book'
  | 'login'
  | 'home'
  | 'settings'
  | 'feedback'
  | 'about'
  | 'cell'
  | 'invite'
  | 'vip'
  | 'cartoon'
  | 'quest'
  | 'ai'
  | 'novel'
  | 'author'
  | 'update';

export interface RouteDef {
  path: string;
  /** Unique name; the tab pages keep their spec names (home, sort, quest, user...) for the back rule. */
  name: string;
  /** i18n key of the page title. */
  titleKey: string;
  group: RouteGroup;
  /** Position in the spec's tab page list, for tab pages. */
  tabIndex?: number;
  /** Guests are sent to login before reaching it (spec §2 guard). */
  guarded?: boolean;
  pullToRefresh?: boolean;
  /** Detail and cover pages draw a white title over their artwork. */
  whiteTitle?: boolean;
  /** Pages the spec gives the default navigation bar instead of the custom one. */
  defaultNavBar?: boolean;
  /** The update page: a transparent overlay, no scrolling, 200 ms fade-in. */
  overlay?: boolean;
}

const r = (
  path: string,
  name: string,
  group: RouteGroup,
  flags: Omit<RouteDef, 'path' | 'name' | 'group' | 'titleKey'> = {},
): RouteDef => ({ path, name, group, titleKey: `route.${name}`, ...flags });

export const ENTRY_PATH = '/';
export const INDEX_PATH = '/pages/index/index';
export const HOME_PATH = '/pages/home/home';
export const LOGIN_PATH = '/pages/user/login/login';
export const USER_PATH = '/pages/user/user';
export const BIND_PATH = '/pages/user/seting/info';
export const SETTINGS_PATH = '/pages/user/seting/seting';

export const ROUTES: readonly RouteDef[] = [
  r(ENTRY_PATH, 'entry', 'entry'),
  r(INDEX_PATH, 'index', 'entry'),

  r(HOME_PATH, 'home', 'tab', { tabIndex: 0 }),
  r('/pages/anime/anime', 'anime', 'tab', { tabIndex: 2 }),
  r('/pages/sort/sort', 'sort', 'tab', { tabIndex: 3 }),
  r('/pages/quest/quest', 'quest', 'tab', { tabIndex: 4 }),
  r('/pages/ai/ai', 'ai', 'tab', { tabIndex: 5 }),
  r(USER_PATH, 'user', 'tab', { tabIndex: 6 }),

  r('/pages/anime/details', 'animeDetails', 'anime', { whiteTitle: true }),
  r('/pages/anime/player', 'animePlayer', 'anime'),
  r('/pages/anime/list', 'animeList', 'anime'),
  r('/pages/anime/tag', 'animeTag', 'anime'),
  r('/pages/anime/favorites', 'animeFavorites', 'anime'),
  r('/pages/anime/search', 'animeSearch', 'anime', { defaultNavBar: true }),

  r('/pages/book/book', 'book', 'book'),
  r('/pages/book/history', 'bookHistory', 'book'),

  r(LOGIN_PATH, 'login', 'login'),
  r('/pages/user/login/register', 'register', 'login'),
  r('/pages/user/login/retrieve', 'retrieve', 'login'),

  r('/pages/home/sort/homeSort', 'homeSort', 'home', { pullToRefresh: true }),
  r('/pages/home/search/search', 'search', 'home'),
  r('/pages/home/search/searchList', 'searchList', 'home', { pullToRefresh: true }),
  r('/pages/home/homeIndex', 'homeIndex', 'home', { pullToRefresh: true }),
  r('/pages/home/novelView', 'novelView', 'home', { pullToRefresh: true }),

  r(SETTINGS_PATH, 'seting', 'settings'),
  r(BIND_PATH, 'settingInfo', 'settings', { guarded: true }),
  r('/pages/user/seting/name', 'settingName', 'settings'),
  r('/pages/user/seting/code', 'settingCode', 'settings'),
  r('/pages/user/seting/phone', 'settingPhone', 'settings'),
  r('/pages/user/seting/email', 'settingEmail', 'settings'),
  r('/pages/user/seting/writeOff', 'writeOff', 'settings'),
  // Not in spec §2: app tokens for e-reader apps (OPDS).
  r('/pages/user/seting/opds', 'settingOpds', 'settings'),

  r('/pages/user/feedback/feedback', 'feedback', 'feedback'),
  r('/pages/user/feedback/log', 'feedbackLog', 'feedback'),
  r('/pages/user/feedback/message', 'feedbackMessage', 'feedback'),
  r('/pages/user/problem', 'problem', 'feedback'),

  r('/pages/user/about/about', 'about', 'about'),
  r('/pages/user/about/agreement', 'agreement', 'about'),

  r('/pages/user/cell/follow', 'follow', 'cell'),
  r('/pages/user/cell/mes', 'messages', 'cell'),
  r('/pages/user/cell/mesDetails', 'messageDetails', 'cell'),
  // Not in spec §2: chapters and episodes kept for reading and watching offline.
  r('/pages/user/downloads', 'downloads', 'cell'),

  r('/pages/user/invite/invite', 'invite', 'invite', { guarded: true }),
  r('/pages/user/invite/write', 'inviteWrite', 'invite', { guarded: true }),
  r('/pages/user/invite/inviteLog', 'inviteLog', 'invite'),

  r('/pages/user/vip/vip', 'vip', 'vip', { guarded: true }),
  r('/pages/user/vip/balance', 'balance', 'vip', { guarded: true }),
  r('/pages/user/vip/pay', 'pay', 'vip', { defaultNavBar: true }),
  r('/pages/user/assist', 'assist', 'vip'),

  r('/pages/cartoon/details', 'cartoonDetails', 'cartoon', { whiteTitle: true }),
  r('/pages/cartoon/cartoon', 'cartoon', 'cartoon'),
  r('/pages/cartoon/review', 'review', 'cartoon', { pullToRefresh: true }),
  r('/pages/cartoon/reader', 'cartoonReader', 'cartoon'),
  r('/pages/cartoon/tag', 'cartoonTag', 'cartoon', { pullToRefresh: true }),

  r('/pages/sort/ranking', 'ranking', 'quest'),
  r('/pages/quest/questLog', 'questLog', 'quest', { pullToRefresh: true }),
  r('/pages/quest/orderLog', 'orderLog', 'quest', { pullToRefresh: true }),
  r('/pages/quest/expenseLog', 'expenseLog', 'quest', { pullToRefresh: true }),

  r('/pages/ai/aiLog', 'aiLog', 'ai', { pullToRefresh: true }),
  r('/pages/ai/chat', 'aiChat', 'ai'),

  r('/pages/novel/reader', 'novelReader', 'novel'),
  r('/pages/novel/cover', 'novelCover', 'novel', { whiteTitle: true }),
  r('/pages/novel/novelTag', 'novelTag', 'novel', { pullToRefresh: true }),

  r('/pages/menu/author', 'author', 'author', { pullToRefresh: true }),

  r('/pages/update/update', 'update', 'update', { overlay: true }),
];

const byPath = new Map(ROUTES.map((route) => [route.path, route]));
const byName = new Map(ROUTES.map((route) => [route.name, route]));

/** The route for a path; tolerates a trailing slash and a missing leading slash. */
export function findRoute(path: string): RouteDef | undefined {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  const normalised = clean === '' ? '/' : clean.startsWith('/') ? clean : `/${clean}`;
  return byPath.get(normalised);
}

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

export function isTabRoute(route: RouteDef | undefined): boolean {
  return route?.tabIndex !== undefined;
}
