import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { findRoute, isTabRoute, ROUTES } from './route-table';

/** Every route path of spec §2, copied from the spec so a dropped route fails here. */
const SPEC_PATHS = [
  '/',
  '/pages/index/index',
  '/pages/home/home',
  '/pages/anime/anime',
  '/pages/sort/sort',
  '/pages/quest/quest',
  '/pages/ai/ai',
  '/pages/user/user',
  '/pages/anime/details',
  '/pages/anime/player',
  '/pages/anime/list',
  '/pages/anime/tag',
  '/pages/anime/favorites',
  '/pages/anime/search',
  '/pages/book/book',
  '/pages/book/history',
  '/pages/user/login/login',
  '/pages/user/login/register',
  '/pages/user/login/retrieve',
  '/pages/home/sort/homeSort',
  '/pages/home/search/search',
  '/pages/home/search/searchList',
  '/pages/home/homeIndex',
  '/pages/home/novelView',
  '/pages/user/seting/seting',
  '/pages/user/seting/info',
  '/pages/user/seting/name',
  '/pages/user/seting/code',
  '/pages/user/seting/phone',
  '/pages/user/seting/email',
  '/pages/user/seting/writeOff',
  // Not in spec §2: app tokens for e-reader apps (OPDS).
  '/pages/user/seting/opds',
  '/pages/user/feedback/feedback',
  '/pages/user/feedback/log',
  '/pages/user/feedback/message',
  '/pages/user/problem',
  '/pages/user/about/about',
  '/pages/user/about/agreement',
  '/pages/user/cell/follow',
  '/pages/user/cell/mes',
  '/pages/user/cell/mesDetails',
  // Not in spec §2: offline downloads.
  '/pages/user/downloads',
  '/pages/user/invite/invite',
  '/pages/user/invite/write',
  '/pages/user/invite/inviteLog',
  '/pages/user/vip/vip',
  '/pages/user/vip/balance',
  '/pages/user/vip/pay',
  '/pages/user/assist',
  '/pages/cartoon/details',
  '/pages/cartoon/cartoon',
  '/pages/cartoon/review',
  '/pages/cartoon/reader',
  '/pages/cartoon/tag',
  '/pages/sort/ranking',
  '/pages/quest/questLog',
  '/pages/quest/orderLog',
  '/pages/quest/expenseLog',
  '/pages/ai/aiLog',
  // Not in spec §2: character chat.
  '/pages/ai/chat',
  '/pages/novel/reader',
  '/pages/novel/cover',
  '/pages/novel/novelTag',
  '/pages/menu/author',
  '/pages/update/update',
];

const pathsWhere = (flag: 'guarded' | 'pullToRefresh' | 'whiteTitle' | 'defaultNavBar' | 'overlay') =>
  ROUTES.filter((route) => route[flag])
    .map((route) => route.path)
    .sort();

describe('route table', () => {
  it('registers every route of spec §2 and nothing else', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('has unique paths and names', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
  });

  it('gives every route a title in the English messages', () => {
    for (const route of ROUTES) {
      const [ns, key] = route.titleKey.split('.') as [keyof typeof en, string];
      expect((en[ns] as Record<string, string>)[key], route.titleKey).toBeTruthy();
    }
  });

  it('marks the spec tab pages with their indexes', () => {
    const tabs = ROUTES.filter(isTabRoute).map((route) => [route.path, route.tabIndex]);
    expect(tabs).toEqual([
      ['/pages/home/home', 0],
      ['/pages/anime/anime', 2],
      ['/pages/sort/sort', 3],
      ['/pages/quest/quest', 4],
      ['/pages/ai/ai', 5],
      ['/pages/user/user', 6],
    ]);
  });

  it('guards exactly vip, balance, invite index, invite write and settings info', () => {
    expect(pathsWhere('guarded')).toEqual(
      [
        '/pages/user/vip/vip',
        '/pages/user/vip/balance',
        '/pages/user/invite/invite',
        '/pages/user/invite/write',
        '/pages/user/seting/info',
      ].sort(),
    );
  });

  it('turns pull-to-refresh on for the spec list', () => {
    expect(pathsWhere('pullToRefresh')).toEqual(
      [
        '/pages/home/sort/homeSort',
        '/pages/home/search/searchList',
        '/pages/home/homeIndex',
        '/pages/home/novelView',
        '/pages/cartoon/review',
        '/pages/cartoon/tag',
        '/pages/quest/questLog',
        '/pages/quest/orderLog',
        '/pages/quest/expenseLog',
        '/pages/ai/aiLog',
        '/pages/novel/novelTag',
        '/pages/menu/author',
      ].sort(),
    );
  });

  it('uses white titles on detail and cover pages, default bars on anime search and pay', () => {
    expect(pathsWhere('whiteTitle')).toEqual([
      '/pages/anime/details',
      '/pages/cartoon/details',
      '/pages/novel/cover',
    ]);
    expect(pathsWhere('defaultNavBar')).toEqual(['/pages/anime/search', '/pages/user/vip/pay']);
    expect(pathsWhere('overlay')).toEqual(['/pages/update/update']);
  });

  it('finds routes with or without query, trailing slash or leading slash', () => {
    expect(findRoute('/pages/home/home?tab=2')?.name).toBe('home');
    expect(findRoute('pages/user/user/')?.name).toBe('user');
    expect(findRoute('')?.name).toBe('entry');
    expect(findRoute('/pages/nope')).toBeUndefined();
  });
});
