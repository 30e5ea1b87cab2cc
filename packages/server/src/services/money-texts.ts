/**
 * Order and ledger entry titles in the reader's language. The server stores a title as a key
 * (`title_key`, migration 0032) with parameters (`params`, JSON) and renders it for each request in
 * the language the request asks for; `title` keeps the English rendering for the console, for
 * rows written before the key existed and for keys this build does not know.
 *
 * A parameter can itself be a title (a refund names the order it refunds), rendered in the same
 * language.
 */
import { FALLBACK_LOCALE, type Locale } from '@dm51/shared';
import { MONEY_TEXTS, MONEY_TEXT_KEYS, type MoneyTextKey } from './money-texts-translations.js';

export type MoneyParam = string | number | MoneyTitle;
export type MoneyParams = Record<string, MoneyParam>;

export interface MoneyTitle {
  /** The English rendering. */
  title: string;
  /** '' for free text: `title` is shown as written. */
  titleKey: string;
  params: MoneyParams;
}

const KNOWN = new Set<string>(MONEY_TEXT_KEYS);

/** The template filled in; null when a parameter it names is missing. */
function fill(template: string, params: MoneyParams, locale: Locale): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      missing = true;
      return '';
    }
    return typeof value === 'object' ? renderTitle(value, locale) : String(value);
  });
  return missing ? null : text;
}

/** The title in `locale`; a key this build does not know, or missing parameters: the stored English. */
export function renderTitle(text: MoneyTitle, locale: Locale): string {
  if (!KNOWN.has(text.titleKey)) return text.title;
  return fill(MONEY_TEXTS[locale][text.titleKey as MoneyTextKey], text.params, locale) ?? text.title;
}

/** A title made from a key: what the caller stores (title, title_key, params). */
export function moneyTitle(key: MoneyTextKey, params: MoneyParams = {}): MoneyTitle {
  const template = MONEY_TEXTS[FALLBACK_LOCALE][key];
  return { titleKey: key, params, title: fill(template, params, FALLBACK_LOCALE) ?? template };
}

function parseParams(json: string): MoneyParams {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as MoneyParams) : {};
  } catch {
    return {};
  }
}

/** A stored row's title (`title`, `title_key`, `params` columns). */
export function storedTitle(row: { title: string; title_key?: string; params?: string }): MoneyTitle {
  return { title: row.title, titleKey: row.title_key ?? '', params: parseParams(row.params ?? '{}') };
}

/** A stored row's title in `locale`. */
export function renderStoredTitle(
  row: { title: string; title_key?: string; params?: string },
  locale: Locale,
): string {
  return renderTitle(storedTitle(row), locale);
}

/** The columns a title is stored in. */
export function titleColumns(text: MoneyTitle): { title: string; title_key: string; params: string } {
  return { title: text.title, title_key: text.titleKey, params: JSON.stringify(text.params) };
}
