import { FALLBACK_LOCALE, type Locale } from '@dm51/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';
import { isLocale, localeFromNavigator } from './locale';
import { en } from './locales/en';
import type { Messages } from './messages';

/**
 * English ships in the entry bundle (it is the fallback); every other locale is its own chunk,
 * loaded before first render when it is the chosen one, so no visitor downloads all five.
 */
export const LOCALE_LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  es: () => import('./locales/es').then((module) => module.es),
  fr: () => import('./locales/fr').then((module) => module.fr),
  'zh-CN': () => import('./locales/zh-CN').then((module) => module.zhCN),
  'zh-TW': () => import('./locales/zh-TW').then((module) => module.zhTW),
};

/** Loads a locale's messages into i18next; false when its chunk could not be fetched (offline). */
async function ensureLocaleLoaded(locale: Locale): Promise<boolean> {
  if (locale === 'en' || i18next.hasResourceBundle(locale, 'translation')) return true;
  try {
    i18next.addResourceBundle(locale, 'translation', await LOCALE_LOADERS[locale]());
    return true;
  } catch {
    return false;
  }
}

/** Stored choice first, then the browser's languages, then English. */
export function initialLocale(): Locale {
  const stored = readString(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const nav = globalThis.navigator;
  return localeFromNavigator(nav?.languages?.length ? nav.languages : [nav?.language ?? '']);
}

function syncDocumentLanguage(locale: string): void {
  document.documentElement.lang = locale;
}

export async function initI18n(): Promise<void> {
  const wanted = initialLocale();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  syncDocumentLanguage(FALLBACK_LOCALE);
  i18next.on('languageChanged', syncDocumentLanguage);
  if (wanted !== FALLBACK_LOCALE && (await ensureLocaleLoaded(wanted))) await i18next.changeLanguage(wanted);
}

export async function changeLocale(locale: Locale): Promise<void> {
  if (!(await ensureLocaleLoaded(locale))) return;
  writeString(STORAGE_KEYS.locale, locale);
  await i18next.changeLanguage(locale);
}

export { i18next };
