import type { DirectionChoice, ReaderLayout } from './tap-zones';

/** Reading preferences live on the device (like Kavita's per-device reader settings). */
const COMIC_KEY = 'dm51.reader.comic';
const NOVEL_KEY = 'dm51.reader.novel';

export interface ComicPrefs {
  layout: ReaderLayout;
  direction: DirectionChoice;
}

export type NovelTheme = 'light' | 'sepia' | 'dark';
export type NovelFlow = 'scroll' | 'paged';

export interface NovelPrefs {
  fontSize: number;
  lineHeight: number;
  /** The page theme the reader chose; null until they do, and the page follows the app's theme. */
  theme: NovelTheme | null;
  flow: NovelFlow;
}

export const FONT_SIZES = { min: 14, max: 28, step: 2 } as const;
export const LINE_HEIGHTS = [1.5, 1.75, 2, 2.25] as const;

export const DEFAULT_COMIC_PREFS: ComicPrefs = { layout: 'scroll', direction: 'auto' };
export const DEFAULT_NOVEL_PREFS: NovelPrefs = {
  fontSize: 18,
  lineHeight: 1.75,
  theme: null,
  flow: 'scroll',
};

function read(key: string): unknown {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage failures are silently ignored (spec §8).
  }
}

/** Stored comic prefs, each field checked so junk from an older build falls back to defaults. */
export function parseComicPrefs(value: unknown): ComicPrefs {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    layout: v.layout === 'paged' ? 'paged' : 'scroll',
    direction: v.direction === 'ltr' || v.direction === 'rtl' ? v.direction : 'auto',
  };
}

export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_NOVEL_PREFS.fontSize;
  const stepped = Math.round(size / FONT_SIZES.step) * FONT_SIZES.step;
  return Math.min(FONT_SIZES.max, Math.max(FONT_SIZES.min, stepped));
}

/** Stored novel preferences, cleaned. */
export function parseNovelPrefs(value: unknown): NovelPrefs {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const line = LINE_HEIGHTS.find((h) => h === v.lineHeight) ?? DEFAULT_NOVEL_PREFS.lineHeight;
  return {
    fontSize: typeof v.fontSize === 'number' ? clampFontSize(v.fontSize) : DEFAULT_NOVEL_PREFS.fontSize,
    lineHeight: line,
    theme: v.theme === 'light' || v.theme === 'sepia' || v.theme === 'dark' ? v.theme : null,
    flow: v.flow === 'paged' ? 'paged' : 'scroll',
  };
}

/**
 * The page theme to paint: the reader's own choice, else the app's (light or dark), so a dark app
 * does not open a glaring white page at night, and changing the font size does not pin the theme.
 */
export function novelPageTheme(prefs: NovelPrefs, appTheme: 'light' | 'dark'): NovelTheme {
  return prefs.theme ?? appTheme;
}

export const loadComicPrefs = (): ComicPrefs => parseComicPrefs(read(COMIC_KEY));
export const saveComicPrefs = (prefs: ComicPrefs): void => write(COMIC_KEY, prefs);
export const loadNovelPrefs = (): NovelPrefs => parseNovelPrefs(read(NOVEL_KEY));
export const saveNovelPrefs = (prefs: NovelPrefs): void => write(NOVEL_KEY, prefs);
