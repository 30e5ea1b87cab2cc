/**
 * The operator's theme colours (console Growth → Themes): fetched from /v3/app/theme when the app
 * is idle (never on the launch path), kept in local storage, and laid over the built-in themes by
 * the theme store, so the next launch paints them from its first frame. Each theme keeps its own
 * overrides, so switching light/dark keeps both.
 */
import {
  cleanThemeOverrides,
  type AppThemeOverrides,
  type ThemeColorOverrides,
  type ThemeName,
} from '@dm51/shared';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';
import type { Theme } from './themes';

/** What is stored (junk from an older build or a hand edit reads as no overrides). */
export function storedThemeOverrides(): AppThemeOverrides {
  const stored = readJson<Partial<Record<ThemeName, unknown>>>(STORAGE_KEYS.themeOverrides);
  const record = stored && typeof stored === 'object' ? stored : {};
  return { light: cleanThemeOverrides(record.light), dark: cleanThemeOverrides(record.dark) };
}

/** Stores the server's answer; says whether it differs from what was stored. */
export function storeThemeOverrides(answer: unknown): boolean {
  const record = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  const next: AppThemeOverrides = {
    light: cleanThemeOverrides(record.light),
    dark: cleanThemeOverrides(record.dark),
  };
  const changed = JSON.stringify(next) !== JSON.stringify(storedThemeOverrides());
  if (changed) writeJson(STORAGE_KEYS.themeOverrides, next);
  return changed;
}

/** The first colour stop of the header gradient replaced by `top`. */
function withGradientTop(gradient: string, top: string): string {
  return gradient.replace(/#[0-9A-Fa-f]{6}/, top);
}

/** A built-in theme with the operator's colours laid over it (a new object; the built-in is kept). */
export function withOverrides(theme: Theme, overrides: ThemeColorOverrides): Theme {
  const { primary, button, headerTop } = overrides;
  return {
    ...theme,
    vars: {
      ...theme.vars,
      ...(primary ? { 'primary-color': primary } : {}),
      ...(button ? { 'btn-bg-color': button } : {}),
    },
    background: headerTop ? withGradientTop(theme.background, headerTop) : theme.background,
    metaColor: primary ?? theme.metaColor,
    tabBar: { ...theme.tabBar, selected: primary ?? theme.tabBar.selected },
  };
}
