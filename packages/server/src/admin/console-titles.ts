/**
 * Titles the server wrote (ledger entries, payment orders; money-texts.ts) in the console's
 * language: the console says it in Accept-Language on every call (packages/admin/src/api/http.ts),
 * as the app does, and the same texts render them. Rows keep their shape: `title` in that
 * language, without the stored key and parameters.
 */
import type { Locale } from '@dm51/shared';
import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../lib/request-locale.js';
import { renderStoredTitle } from '../services/money-texts.js';

export function consoleLocale(request: FastifyRequest): Locale {
  return requestLocale(request.headers['accept-language']);
}

export function titledIn<T extends { title: string; title_key: string; params: string }>(
  row: T,
  locale: Locale,
): Omit<T, 'title_key' | 'params'> {
  const { title_key, params, ...rest } = row;
  return { ...rest, title: renderStoredTitle({ title: row.title, title_key, params }, locale) };
}
