import { currentHost } from './api/host';

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Resolves a media path from the API ('/media/<key>', spec protocol: "clients resolve it against
 * the API host") to a URL the browser can fetch. Absolute URLs (http:, https:, data:, blob:) and ''
 * pass through unchanged; `host` defaults to the session's API host (same origin when '').
 */
export function mediaUrl(path: string, host: string | null = currentHost()): string {
  const trimmed = path.trim();
  if (trimmed === '' || ABSOLUTE.test(trimmed)) return trimmed;
  const base = (host ?? '').replace(/\/+$/, '');
  return `${base}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
}
