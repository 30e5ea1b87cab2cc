import type { Locale } from '@dm51/shared';
import enUS from 'antd-mobile/es/locales/en-US';

type AntdLocale = typeof enUS;

/**
 * antd-mobile's own strings (pickers, dialogs' default buttons) per app language. English ships
 * with the app like the app's English messages; the others load with their messages (i18n/index.ts),
 * so the first download carries one antd locale instead of five.
 */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<AntdLocale>> = {
  es: () => import('antd-mobile/es/locales/es-ES').then((module) => module.default),
  fr: () => import('antd-mobile/es/locales/fr-FR').then((module) => module.default),
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN').then((module) => module.default),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW').then((module) => module.default),
};

const loaded = new Map<Locale, AntdLocale>([['en', enUS]]);

export async function loadAntdLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || loaded.has(locale)) return;
  loaded.set(locale, await LOADERS[locale]());
}

/** The loaded antd locale for a language; English until (or unless) that language has loaded. */
export function antdLocaleFor(locale: string): AntdLocale {
  return loaded.get(locale as Locale) ?? enUS;
}
