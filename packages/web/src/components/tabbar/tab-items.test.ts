import { DEFAULT_START_SETTINGS } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import { activeTabId, aiTabTarget, buildTabs, homeTabFromSearch } from './tab-items';

describe('tab bar', () => {
  it('has the seven spec tabs in order when the AI mode is 1', () => {
    const tabs = buildTabs({ app_tabbar_ai_mode: 1, app_tabbar_ai_url: '/pages/ai/ai' });
    expect(tabs.map((tab) => tab.id)).toEqual(['comics', 'novels', 'anime', 'sort', 'quest', 'ai', 'mine']);
    expect(tabs[0]!.target).toEqual({ kind: 'tab', path: '/pages/home/home', search: '?tab=0' });
    expect(tabs[1]!.target).toEqual({ kind: 'tab', path: '/pages/home/home', search: '?tab=2' });
  });

  it('hides the AI tab unless app_tabbar_ai_mode is exactly 1', () => {
    for (const mode of [0, 2, -1]) {
      const ids = buildTabs({ app_tabbar_ai_mode: mode, app_tabbar_ai_url: '/pages/ai/ai' }).map(
        (tab) => tab.id,
      );
      expect(ids).not.toContain('ai');
      expect(ids).toHaveLength(6);
    }
    expect(buildTabs(DEFAULT_START_SETTINGS).map((tab) => tab.id)).toContain('ai');
  });

  it('opens web addresses externally', () => {
    expect(aiTabTarget('https://ai.example.com/chat?x=1')).toEqual({
      kind: 'external',
      url: 'https://ai.example.com/chat?x=1',
    });
    expect(aiTabTarget(' HTTP://ai.example.com ')).toEqual({
      kind: 'external',
      url: 'HTTP://ai.example.com',
    });
  });

  it('opens home, sort, ai, user and book as tab pages', () => {
    expect(aiTabTarget('/pages/ai/ai')).toEqual({ kind: 'tab', path: '/pages/ai/ai', search: undefined });
    expect(aiTabTarget('pages/sort/sort')).toMatchObject({ kind: 'tab', path: '/pages/sort/sort' });
    expect(aiTabTarget('/pages/home/home?tab=1')).toEqual({
      kind: 'tab',
      path: '/pages/home/home',
      search: '?tab=1',
    });
    expect(aiTabTarget('/pages/user/user')).toMatchObject({ kind: 'tab' });
    expect(aiTabTarget('/pages/book/book')).toMatchObject({ kind: 'tab' });
  });

  it('opens anything else in the app as a normal page, and falls back to the AI tab when unknown', () => {
    expect(aiTabTarget('/pages/ai/aiLog')).toEqual({
      kind: 'page',
      path: '/pages/ai/aiLog',
      search: undefined,
    });
    expect(aiTabTarget('/pages/quest/quest')).toMatchObject({ kind: 'page' });
    expect(aiTabTarget('')).toEqual({ kind: 'tab', path: '/pages/ai/ai' });
    expect(aiTabTarget('/not/a/page')).toEqual({ kind: 'tab', path: '/pages/ai/ai' });
  });

  it('lights the tab of the current page', () => {
    const tabs = buildTabs(DEFAULT_START_SETTINGS);
    expect(activeTabId(tabs, '/pages/home/home', '')).toBe('comics');
    expect(activeTabId(tabs, '/pages/home/home', '?tab=2')).toBe('novels');
    // The home page's anime tab lights the bottom bar's anime item, as the anime tab page does.
    expect(activeTabId(tabs, '/pages/home/home', '?tab=1')).toBe('anime');
    expect(activeTabId(tabs, '/pages/anime/anime', '')).toBe('anime');
    expect(activeTabId(tabs, '/pages/user/user', '')).toBe('mine');
    expect(activeTabId(tabs, '/pages/ai/ai', '')).toBe('ai');
    expect(activeTabId(tabs, '/pages/cartoon/details', '')).toBeNull();
  });

  it('reads the home tab value, defaulting to comics', () => {
    expect(homeTabFromSearch('tab=1')).toBe(1);
    expect(homeTabFromSearch('?tab=2')).toBe(2);
    expect(homeTabFromSearch('tab=7')).toBe(0);
    expect(homeTabFromSearch('')).toBe(0);
  });
});
