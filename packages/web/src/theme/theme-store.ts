import { THEME_NAMES, type ThemeName } from '@dm51/shared';
import { readString, STORAGE_KEYS, writeJson, writeString } from '../lib/storage';
import { storedThemeOverrides, storeThemeOverrides, withOverrides } from './theme-overrides';
import { THEMES, themeProperties, type Theme } from './themes';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/** The theme as painted: the built-in one with the operator's stored colours over it. */
export function effectiveTheme(name: ThemeName): Theme {
  return withOverrides(THEMES[name], storedThemeOverrides()[name]);
}

/** The stored theme name; when none (or junk) is stored, light is chosen and stored (spec §2). */
export function initialThemeName(): ThemeName {
  const stored = readString(STORAGE_KEYS.themeName);
  if (isThemeName(stored)) return stored;
  persistTheme(effectiveTheme('light'));
  return 'light';
}

function persistTheme(theme: Theme): void {
  writeString(STORAGE_KEYS.themeName, theme.name);
  writeJson(STORAGE_KEYS.theme, { name: theme.name, vars: theme.vars, background: theme.background });
}

/** Paints a theme on the document: variables, antd dark mode, and the browser chrome colour. */
export function applyTheme(name: ThemeName): void {
  const theme = effectiveTheme(name);
  const root = document.documentElement;
  for (const [prop, value] of Object.entries(themeProperties(theme))) root.style.setProperty(prop, value);
  root.dataset.theme = name;
  // antd-mobile switches its own dark palette on this attribute.
  root.dataset.prefersColorScheme = name;
  root.style.colorScheme = name;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = theme.metaColor;
}

let current: ThemeName = 'light';
const listeners = new Set<() => void>();

export const themeStore = {
  get: (): ThemeName => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  init(): void {
    current = initialThemeName();
    applyTheme(current);
  },
  set(name: ThemeName): void {
    current = name;
    persistTheme(effectiveTheme(name));
    applyTheme(name);
    listeners.forEach((listener) => listener());
  },
  /**
   * Takes the operator's colours answered by /v3/app/theme: stores them and, when they changed,
   * repaints the current theme with them. Says whether anything changed.
   */
  applyOverrides(answer: unknown): boolean {
    if (!storeThemeOverrides(answer)) return false;
    persistTheme(effectiveTheme(current));
    applyTheme(current);
    listeners.forEach((listener) => listener());
    return true;
  },
};
