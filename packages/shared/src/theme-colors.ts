/**
 * The operator's theme colours (console Growth → Themes): which colours of the app's two
 * themes may be changed, their built-in values, and the contrast rules a change must keep. Used by
 * the server (validation), the console (live warning, preview) and the app (built-ins).
 */

export const THEME_COLOR_FIELDS = ['primary', 'button', 'headerTop'] as const;
export type ThemeColorField = (typeof THEME_COLOR_FIELDS)[number];
/** What the operator set for one theme; a missing field is the built-in value. */
export type ThemeColorOverrides = Partial<Record<ThemeColorField, string>>;
export interface AppThemeOverrides {
  light: ThemeColorOverrides;
  dark: ThemeColorOverrides;
}

export interface BuiltinThemeColors extends Record<ThemeColorField, string> {
  /** The page (card) background the primary colour must stand out from. */
  pageBackground: string;
  /** The text on filled buttons. */
  buttonText: string;
}

/**
 * The built-in values (spec §3: pink-red light, teal dark). The button shades are deeper than the
 * primaries so white text on them reads at least 4.5:1.
 */
export const BUILTIN_THEME_COLORS: Record<'light' | 'dark', BuiltinThemeColors> = {
  light: {
    primary: '#FD586D',
    button: '#D02745',
    headerTop: '#FFE3E8',
    pageBackground: '#FFFFFF',
    buttonText: '#FFFFFF',
  },
  dark: {
    primary: '#14B8A6',
    button: '#0F766E',
    headerTop: '#10302D',
    pageBackground: '#1C1D22',
    buttonText: '#FFFFFF',
  },
};

/** WCAG: white text on a filled button (AA, 4.5:1); the primary against the page (1.4.11, 3:1). */
export const THEME_MIN_CONTRAST = { button: 4.5, primary: 3 } as const;

export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG 2.x) of `#RRGGBB`. */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR.test(hex)) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Contrast ratio (1–21) between two `#RRGGBB` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** 3.14 → "3.1:1" (rounded down, so a shown ratio never passes a rule the exact one fails). */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

export interface ThemeContrastCheck {
  field: 'primary' | 'button';
  /** The colour checked and what it was checked against. */
  color: string;
  against: string;
  ratio: number;
  min: number;
  ok: boolean;
}

/** The contrast of the colours one theme would use (overrides over the built-ins). */
export function themeContrastChecks(
  name: 'light' | 'dark',
  overrides: ThemeColorOverrides,
): ThemeContrastCheck[] {
  const builtin = BUILTIN_THEME_COLORS[name];
  const primary = overrides.primary || builtin.primary;
  const button = overrides.button || builtin.button;
  const check = (field: 'primary' | 'button', color: string, against: string): ThemeContrastCheck => {
    const ratio = contrastRatio(color, against);
    const min = THEME_MIN_CONTRAST[field];
    return { field, color, against, ratio, min, ok: ratio >= min };
  };
  return [check('primary', primary, builtin.pageBackground), check('button', button, builtin.buttonText)];
}

/** Keeps only valid `#RRGGBB` fields, upper-cased (the app's reading of a stored or answered value). */
export function cleanThemeOverrides(value: unknown): ThemeColorOverrides {
  const out: ThemeColorOverrides = {};
  if (!value || typeof value !== 'object') return out;
  for (const field of THEME_COLOR_FIELDS) {
    const colour = (value as Record<string, unknown>)[field];
    if (typeof colour === 'string' && HEX_COLOR.test(colour)) out[field] = colour.toUpperCase();
  }
  return out;
}
