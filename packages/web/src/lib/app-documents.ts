/**
 * The documents the reader app is. The server serves the build at `/` (packages/server/src/plugins/
 * web.ts) and every page of the route table (routes/route-table.ts) is a hash route of that one
 * document (lib/router's HashRouter): `/#/pages/home/home`, `/?channelCode=…#/pages/…`. So the
 * service worker's navigation fallback (the cached index.html, what keeps the app opening offline)
 * answers only for `/` and `/index.html`, with any query. Every other path belongs to the server —
 * the console at `/admin`, the catalogue at `/opds`, `/docs`, `/media`, `/v3`, the payment pages
 * and whatever it serves next — and must reach it: an allow-list needs no update when one is added.
 */

/** The paths the app's document is served at. */
export const APP_DOCUMENT_PATHS = ['/', '/index.html'] as const;

/**
 * Workbox's `navigateFallbackAllowlist`: it tests a navigation's pathname plus search (the hash
 * never reaches the worker), so a query is allowed after either path and nothing else is.
 */
export const NAVIGATION_FALLBACK_ALLOWLIST: RegExp[] = [/^\/(?:index\.html)?(?:\?.*)?$/];

/** True when the worker answers a navigation to `url` with the app (for tests and diagnostics). */
export function isAppNavigation(url: URL): boolean {
  const pathnameAndSearch = url.pathname + url.search;
  return NAVIGATION_FALLBACK_ALLOWLIST.some((pattern) => pattern.test(pathnameAndSearch));
}
