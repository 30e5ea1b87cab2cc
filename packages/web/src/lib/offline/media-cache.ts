/**
 * The Cache Storage names the page and the service worker agree on. The worker answers any GET for
 * a URL in DOWNLOADS_CACHE from it (src/sw/sw.ts), so the readers and the player open
 * downloaded chapters through the same code and URLs as online.
 */
export const DOWNLOADS_CACHE = 'dm51-downloads-v1';
/** The last per-deployment app-config.js, so that the app still starts with no connection. */
export const APP_CONFIG_CACHE = 'dm51-app-config-v1';
