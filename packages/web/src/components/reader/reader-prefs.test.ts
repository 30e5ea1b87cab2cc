import { describe, expect, it } from 'vitest';
import { clampFontSize, parseComicPrefs, parseNovelPrefs } from './reader-prefs';

describe('reader preferences', () => {
  it('falls back to defaults for junk', () => {
    expect(parseComicPrefs(null)).toEqual({ layout: 'scroll', direction: 'auto' });
    expect(parseComicPrefs({ layout: 'weird', direction: 7 })).toEqual({
      layout: 'scroll',
      direction: 'auto',
    });
    expect(parseNovelPrefs('x')).toEqual({ fontSize: 18, lineHeight: 1.75, theme: 'light', flow: 'scroll' });
    // No page theme chosen yet: the app's theme; a stored choice wins over it.
    expect(parseNovelPrefs({}, 'dark').theme).toBe('dark');
    expect(parseNovelPrefs({ theme: 'light' }, 'dark').theme).toBe('light');
    expect(parseNovelPrefs({ theme: 'sepia' }, 'dark').theme).toBe('sepia');
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
