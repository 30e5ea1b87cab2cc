import { BUILTIN_THEME_COLORS, TABBAR } from '@dm51/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectiveTheme, themeStore } from './theme-store';
import { storedThemeOverrides, storeThemeOverrides, withOverrides } from './theme-overrides';
import { THEMES, themeProperties } from './themes';

/** A Map-backed localStorage, as the other web tests use. */
function fakeStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/** The part of a document applyTheme writes to: root style properties, dataset and the meta tag. */
function fakeDocument() {
  const props = new Map<string, string>();
  const meta = { name: 'theme-color', content: '' };
  return {
    props,
    meta,
    documentElement: { style: { setProperty: (k: string, v: string) => props.set(k, v) }, dataset: {} },
    querySelector: () => meta,
  };
}

let doc: ReturnType<typeof fakeDocument>;
beforeEach(() => {
  vi.stubGlobal('localStorage', fakeStorage());
  doc = fakeDocument();
  vi.stubGlobal('document', doc);
});
afterEach(() => vi.unstubAllGlobals());

describe('the operator’s theme colours', () => {
  it('the built-in themes are the shared built-in colours', () => {
    expect(BUILTIN_THEME_COLORS.light.primary).toBe(TABBAR.selectedColor);
    for (const name of ['light', 'dark'] as const) {
      const builtin = BUILTIN_THEME_COLORS[name];
      expect(THEMES[name].vars['primary-color']).toBe(builtin.primary);
      expect(THEMES[name].vars['btn-bg-color']).toBe(builtin.button);
      expect(THEMES[name].vars['primary-bg-color']).toBe(builtin.pageBackground);
      expect(THEMES[name].background).toContain(`(180deg, ${builtin.headerTop} 0%`);
    }
  });

  it('the primary colour drives accents, the tab bar selection and the browser colour', () => {
    const theme = withOverrides(THEMES.light, { primary: '#7C3AED' });
    const props = themeProperties(theme);
    expect(props['--primary-color']).toBe('#7C3AED');
    expect(props['--adm-color-primary']).toBe('#7C3AED');
    expect(props['--tabbar-selected-color']).toBe('#7C3AED');
    expect(theme.metaColor).toBe('#7C3AED');
    // What was not overridden stays built-in, and the built-in theme itself is untouched.
    expect(props['--btn-bg-color']).toBe('#D02745');
    expect(theme.background).toBe(THEMES.light.background);
    expect(THEMES.light.vars['primary-color']).toBe('#FD586D');
  });

  it('the button colour and the header gradient top change only their own variables', () => {
    const theme = withOverrides(THEMES.dark, { button: '#1D4ED8', headerTop: '#1E1B4B' });
    expect(theme.vars['btn-bg-color']).toBe('#1D4ED8');
    expect(theme.background).toBe('linear-gradient(180deg, #1E1B4B 0%, #15171B 45%, #111216 100%)');
    expect(theme.vars['primary-color']).toBe('#14B8A6');
    expect(theme.tabBar.selected).toBe('#14B8A6');
  });

  it('stores the answer, ignores junk and says when something changed', () => {
    expect(storedThemeOverrides()).toEqual({ light: {}, dark: {} });
    expect(storeThemeOverrides({ light: { primary: '#7c3aed', button: 'red', x: '#000000' }, dark: 3 })).toBe(
      true,
    );
    expect(storedThemeOverrides()).toEqual({ light: { primary: '#7C3AED' }, dark: {} });
    expect(storeThemeOverrides({ light: { primary: '#7C3AED' }, dark: {} })).toBe(false);
    localStorage.setItem('themeOverrides', '{broken');
    expect(storedThemeOverrides()).toEqual({ light: {}, dark: {} });
  });

  it('repaints the current theme with new colours and keeps each theme’s own on switching', () => {
    themeStore.init();
    expect(doc.meta.content).toBe('#FD586D');
    expect(themeStore.applyOverrides({ light: { primary: '#7C3AED' }, dark: { primary: '#F59E0B' } })).toBe(
      true,
    );
    expect(doc.props.get('--tabbar-selected-color')).toBe('#7C3AED');
    expect(doc.meta.content).toBe('#7C3AED');
    // The same answer again repaints nothing.
    expect(themeStore.applyOverrides({ light: { primary: '#7C3AED' }, dark: { primary: '#F59E0B' } })).toBe(
      false,
    );

    themeStore.set('dark');
    expect(doc.meta.content).toBe('#F59E0B');
    expect(doc.props.get('--primary-color')).toBe('#F59E0B');
    themeStore.set('light');
    expect(doc.meta.content).toBe('#7C3AED');

    // The next launch paints the stored colours from the start (no flash of the built-in ones).
    doc = fakeDocument();
    vi.stubGlobal('document', doc);
    themeStore.init();
    expect(doc.props.get('--tabbar-selected-color')).toBe('#7C3AED');
    expect(effectiveTheme('light').metaColor).toBe('#7C3AED');

    // A reset (no overrides) brings the built-in colours back.
    themeStore.applyOverrides({ light: {}, dark: {} });
    expect(doc.meta.content).toBe('#FD586D');
  });
});
