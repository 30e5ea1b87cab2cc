import { describe, expect, it } from 'vitest';
import { clampFontSize, novelPageTheme, parseComicPrefs, parseNovelPrefs } from './reader-prefs';

describe('reader preferences', () => {
  it('falls back to defaults for junk', () => {
    expect(parseComicPrefs(null)).toEqual({ layout: 'scroll', direction: 'auto' });
    expect(parseComicPrefs({ layout: 'weird', direction: 7 })).toEqual({
      layout: 'scroll',
      direction: 'auto',
    });
    expect(parseNovelPrefs('x')).toEqual({ fontSize: 18, lineHeight: 1.75, theme: null, flow: 'scroll' });
    expect(parseNovelPrefs({ theme: 'purple' }).theme).toBeNull();
  });

  it("paints the app's theme until a page theme is chosen, and the chosen one after", () => {
    const unchosen = parseNovelPrefs({});
    expect(novelPageTheme(unchosen, 'dark')).toBe('dark');
    expect(novelPageTheme(unchosen, 'light')).toBe('light');
    expect(novelPageTheme(parseNovelPrefs({ theme: 'light' }), 'dark')).toBe('light');
    expect(novelPageTheme(parseNovelPrefs({ theme: 'sepia' }), 'dark')).toBe('sepia');
  });

  it('keeps following the app after another setting is saved', () => {
    // What the reader writes back after a font-size change, read again on the next visit.
    const saved = JSON.parse(JSON.stringify({ ...parseNovelPrefs({}), fontSize: 22 })) as unknown;
    expect(novelPageTheme(parseNovelPrefs(saved), 'dark')).toBe('dark');
    expect(novelPageTheme(parseNovelPrefs(saved), 'light')).toBe('light');
    expect(parseNovelPrefs(saved).fontSize).toBe(22);
  });

  it('keeps valid choices', () => {
    expect(parseComicPrefs({ layout: 'paged', direction: 'rtl' })).toEqual({
      layout: 'paged',
      direction: 'rtl',
    });
    expect(parseNovelPrefs({ fontSize: 22, lineHeight: 2, theme: 'sepia', flow: 'paged' })).toEqual({
      fontSize: 22,
      lineHeight: 2,
      theme: 'sepia',
      flow: 'paged',
    });
  });

  it('clamps font sizes to 14–28 in steps of 2', () => {
    expect(clampFontSize(9)).toBe(14);
    expect(clampFontSize(40)).toBe(28);
    expect(clampFontSize(19)).toBe(20);
    expect(clampFontSize(Number.NaN)).toBe(18);
  });
});
