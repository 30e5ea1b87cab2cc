import { FALLBACK_LOCALE, type Locale } from '@dm51/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';
import { isLocale, localeFromNavigator } from './locale';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { zhCN } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';

export const RESOURCES = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
} as const;

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
  const lng = initialLocale();
  await i18next.use(initReactI18next).init({
    resources: RESOURCES,
    lng,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  syncDocumentLanguage(lng);
  i18next.on('languageChanged', syncDocumentLanguage);
}

export async function changeLocale(locale: Locale): Promise<void> {
  writeString(STORAGE_KEYS.locale, locale);
  await i18next.changeLanguage(locale);
}

export { i18next };
