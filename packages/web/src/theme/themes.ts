import { BUILTIN_THEME_COLORS, GLOBAL_BACKGROUND, TABBAR, type ThemeName } from '@dm51/shared';

/** The CSS variables every theme defines (spec §3), without the leading '--'. */
export const THEME_VARIABLES = [
  'primary-color',
  'primary-bg-color',
  'assist-bg-color',
  'primary-text-color',
  'assist-text-color',
  'inverse-text-color',
  'round-bg-color',
  'btn-bg-color',
  'btn-reverse-color',
  'btn-text-color',
  'border-color',
  'input-bg-color',
  'search-bg-color',
  'time-bg-color',
  'ranking-bg-color',
  'cell-tips-color',
  'border-set-color',
  'home-search-color',
  'status-bar-height',
] as const;

export type ThemeVariable = (typeof THEME_VARIABLES)[number];

export interface Theme {
  name: ThemeName;
  vars: Record<ThemeVariable, string>;
  /** Page background gradient, painted behind headers. */
  background: string;
  /** The page canvas colour; also the PWA/browser chrome colour source. */
  canvas: string;
  /** Colour for <meta name="theme-color"> (spec §4: pink-red light, teal dark). */
  metaColor: string;
  tabBar: { background: string; selected: string; unselected: string };
}

const LIGHT_PRIMARY = TABBAR.selectedColor; // #FD586D, the static configuration's primary
const DARK_PRIMARY = BUILTIN_THEME_COLORS.dark.primary; // teal

export const THEMES: Record<ThemeName, Theme> = {
  light: {
    name: 'light',
    vars: {
      'primary-color': LIGHT_PRIMARY,
      'primary-bg-color': '#FFFFFF',
      'assist-bg-color': '#F4F4F6',
      'primary-text-color': '#222222',
      // Secondary text at ≥ 4.5:1 on white (WCAG AA); #8A8A8F read 3.4:1.
      'assist-text-color': '#6E6E73',
      'inverse-text-color': '#FFFFFF',
      'round-bg-color': '#FFF0F2',
      // Filled buttons carry white text: a deeper shade of the brand pink reads 5.2:1 (the primary 3.1:1).
      'btn-bg-color': BUILTIN_THEME_COLORS.light.button,
      'btn-reverse-color': '#FFE4E8',
      'btn-text-color': '#FFFFFF',
      'border-color': '#EEEEEE',
      'input-bg-color': '#F5F5F7',
      'search-bg-color': '#F2F2F5',
      'time-bg-color': 'rgba(0, 0, 0, 0.45)',
      'ranking-bg-color': '#FFF6F7',
      'cell-tips-color': '#B0B0B5',
      'border-set-color': '#F0F0F0',
      // The search bar's hint at ≥ 4.5:1 on white and on the search background (#A5A5AA read 2.5:1).
      'home-search-color': '#6E6E73',
      'status-bar-height': 'env(safe-area-inset-top, 0px)',
    },
    background: `linear-gradient(180deg, ${BUILTIN_THEME_COLORS.light.headerTop} 0%, #FFF3F5 42%, #F8F8F8 100%)`,
    canvas: GLOBAL_BACKGROUND,
    metaColor: LIGHT_PRIMARY,
    tabBar: { background: '#FFFFFF', selected: LIGHT_PRIMARY, unselected: TABBAR.unselectedColor },
  },
  dark: {
    name: 'dark',
    vars: {
      'primary-color': DARK_PRIMARY,
      'primary-bg-color': '#1C1D22',
      'assist-bg-color': '#26272E',
      'primary-text-color': '#EDEDF0',
      'assist-text-color': '#9A9AA3',
      'inverse-text-color': '#0F1013',
      'round-bg-color': '#163A37',
      // White on the teal primary reads 2.5:1; this shade 5.5:1.
      'btn-bg-color': BUILTIN_THEME_COLORS.dark.button,
      'btn-reverse-color': '#16332F',
      'btn-text-color': '#FFFFFF',
      'border-color': '#2E2F36',
      'input-bg-color': '#26272E',
      'search-bg-color': '#26272E',
      'time-bg-color': 'rgba(0, 0, 0, 0.6)',
      'ranking-bg-color': '#1F2A29',
      'cell-tips-color': '#6E6E76',
      'border-set-color': '#2A2B31',
      // ≥ 4.5:1 on the dark search background (#7D7D86 read 3.7:1).
      'home-search-color': '#8E8E96',
      'status-bar-height': 'env(safe-area-inset-top, 0px)',
    },
    background: `linear-gradient(180deg, ${BUILTIN_THEME_COLORS.dark.headerTop} 0%, #15171B 45%, #111216 100%)`,
    canvas: '#111216',
    metaColor: DARK_PRIMARY,
    tabBar: { background: '#1C1D22', selected: DARK_PRIMARY, unselected: TABBAR.unselectedColor },
  },
};

/** The theme's variables plus the antd-mobile ones mapped onto them, as a CSS property map. */
export function themeProperties(theme: Theme): Record<string, string> {
  const props: Record<string, string> = {};
  for (const name of THEME_VARIABLES) props[`--${name}`] = theme.vars[name];
  props['--background-gradient'] = theme.background;
  props['--page-bg-color'] = theme.canvas;
  props['--tabbar-bg-color'] = theme.tabBar.background;
  props['--tabbar-selected-color'] = theme.tabBar.selected;
  props['--tabbar-unselected-color'] = theme.tabBar.unselected;
  // antd-mobile reads its own variables; point them at ours so its components follow the theme.
  props['--adm-color-primary'] = theme.vars['primary-color'];
  props['--adm-color-text'] = theme.vars['primary-text-color'];
  props['--adm-color-text-secondary'] = theme.vars['assist-text-color'];
  props['--adm-color-weak'] = theme.vars['assist-text-color'];
  props['--adm-color-light'] = theme.vars['cell-tips-color'];
  props['--adm-color-border'] = theme.vars['border-color'];
  props['--adm-color-box'] = theme.vars['assist-bg-color'];
  props['--adm-color-background'] = theme.vars['primary-bg-color'];
  props['--adm-color-fill-content'] = theme.vars['input-bg-color'];
  props['--adm-color-white'] = theme.name === 'dark' ? '#1C1D22' : '#FFFFFF';
  // Text on a filled antd button (and a toast): antd derives it from --adm-color-white, which the
  // dark theme darkens, so a primary button's label came out dark on teal; ours is the theme's.
  props['--adm-color-text-light-solid'] = theme.vars['btn-text-color'];
  props['--adm-color-highlight'] = theme.vars['primary-color'];
  props['--adm-border-color'] = theme.vars['border-color'];
  return props;
}
