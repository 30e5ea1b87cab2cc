import { TABBAR, THEME_NAMES } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import { THEME_VARIABLES, THEMES, themeProperties } from './themes';

describe('themes', () => {
  it('defines every spec variable in both themes', () => {
    for (const name of THEME_NAMES) {
      const props = themeProperties(THEMES[name]);
      for (const variable of THEME_VARIABLES)
        expect(props[`--${variable}`], `${name} --${variable}`).toBeTruthy();
      expect(props['--background-gradient']).toMatch(/gradient/);
    }
  });

  it('uses pink-red in light and teal in dark, for the UI and the browser colour', () => {
    expect(THEMES.light.vars['primary-color']).toBe(TABBAR.selectedColor);
    expect(THEMES.light.metaColor).toBe('#FD586D');
    expect(THEMES.dark.vars['primary-color']).toBe('#14B8A6');
    expect(THEMES.dark.metaColor).toBe('#14B8A6');
    expect(THEMES.light.canvas).toBe('#F8F8F8');
  });

  it('maps antd-mobile variables onto the theme', () => {
    const props = themeProperties(THEMES.dark);
    expect(props['--adm-color-primary']).toBe('#14B8A6');
    expect(props['--adm-color-text']).toBe(THEMES.dark.vars['primary-text-color']);
  });

  it('colours the tab bar as the spec says', () => {
    expect(THEMES.light.tabBar).toEqual({
      background: '#FFFFFF',
      selected: '#FD586D',
      unselected: '#999999',
    });
    expect(THEMES.dark.tabBar.unselected).toBe('#999999');
  });
});
