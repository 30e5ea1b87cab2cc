import { FALLBACK_LOCALE, type Locale } from '@dm51/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, writeString } from '../lib/storage';
import { loadAntdLocale } from './antd-locales';
import { initialLocale } from './locale';
import { enLaunch } from './locales/en-launch';
import type { Messages } from './messages';

/**
 * English for the launch screens ships in the entry bundle (English is the fallback); the rest of
 * English is a chunk loaded after the first render (pages wait for it: `pageMessagesReady`). Every
 * other locale is one chunk, loaded before first render when it is the chosen one, so no visitor
 * downloads all five.
 */
export const LOCALE_LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  es: () => import('./locales/es').then((module) => module.es),
  fr: () => import('./locales/fr').then((module) => module.fr),
  'zh-CN': () => import('./locales/zh-CN').then((module) => module.zhCN),
  'zh-TW': () => import('./locales/zh-TW').then((module) => module.zhTW),
};

let englishRest: Promise<boolean> | null = null;

/** Adds the rest of English (every page but the launch screens); false when offline without it. */
function loadEnglishRest(): Promise<boolean> {
  englishRest ??= import('./locales/en-rest').then(
    (module) => {
      i18next.addResourceBundle('en', 'translation', module.enRest, true, true);
      return true;
    },
    () => {
      englishRest = null;
      return false;
    },
  );
  return englishRest;
}

/**
 * Resolves once the active language has the messages of every page (pages wait for it). Only
 * English is split; a failed fetch resolves too, since the page's own chunk would have failed.
 */
export async function pageMessagesReady(): Promise<void> {
  if (i18next.language === 'en') await loadEnglishRest();
}

/** Loads a locale's messages into i18next; false when its chunk could not be fetched (offline). */
async function ensureLocaleLoaded(locale: Locale): Promise<boolean> {
  if (locale === 'en') return loadEnglishRest();
  if (i18next.hasResourceBundle(locale, 'translation')) return true;
  try {
    const [messages] = await Promise.all([LOCALE_LOADERS[locale](), loadAntdLocale(locale)]);
    i18next.addResourceBundle(locale, 'translation', messages);
    return true;
  } catch {
    return false;
  }
}

function syncDocumentLanguage(locale: string): void {
  document.documentElement.lang = locale;
}

export async function initI18n(): Promise<void> {
  const wanted = initialLocale();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: enLaunch } },
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
