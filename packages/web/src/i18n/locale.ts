import { FALLBACK_LOCALE, LOCALES, type Locale } from '@dm51/shared';
import { readString, STORAGE_KEYS } from '../lib/storage';

/** Language names as their speakers write them; the same in every UI language. */
export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Best supported locale for a browser language tag. Traditional Chinese covers the regions and
 * scripts that write it (zh-TW, zh-HK, zh-MO, zh-Hant); every other Chinese tag is Simplified.
 */
export function matchLocale(tag: string | undefined | null): Locale {
  if (!tag) return FALLBACK_LOCALE;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) {
    return /hant|tw|hk|mo/.test(lower) ? 'zh-TW' : 'zh-CN';
  }
  const base = lower.split('-')[0];
  const found = LOCALES.find((locale) => locale === base);
  return found ?? FALLBACK_LOCALE;
}

/** First supported match from the browser's ordered language list. */
export function localeFromNavigator(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh') || LOCALES.some((l) => l === lower.split('-')[0])) return matchLocale(tag);
  }
  return FALLBACK_LOCALE;
}

/** Stored choice first, then the browser's languages, then English. */
export function initialLocale(): Locale {
  const stored = readString(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const nav = globalThis.navigator;
  return localeFromNavigator(nav?.languages?.length ? nav.languages : [nav?.language ?? '']);
}
