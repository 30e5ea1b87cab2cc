/**
 * The app's language of a request, from its Accept-Language header (the web app sends the language
 * the reader chose; other clients send their system's). Tags are taken in the order of their
 * q-weights; the first one the app speaks wins; none: English.
 */
import { FALLBACK_LOCALE, type Locale } from '@dm51/shared';

function localeOfTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (/^zh-(tw|hk|mo)\b|^zh-hant\b/.test(lower)) return 'zh-TW';
  if (/^zh\b/.test(lower)) return 'zh-CN';
  if (/^es\b/.test(lower)) return 'es';
  if (/^fr\b/.test(lower)) return 'fr';
  if (/^en\b/.test(lower)) return 'en';
  return null;
}

export function requestLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tags = value
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag.trim() !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}
