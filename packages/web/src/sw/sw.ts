/**
 * The web app's service worker (vite-plugin-pwa's injectManifest builds it to dist/sw.js):
 * - the build's files are precached, so the shell and the readers' code open with no connection,
 *   and every navigation to the app's document is answered with the cached index.html;
 * - app-config.js (per deployment, never precached) comes from the network, its last copy kept
 *   for when there is none;
 * - any other GET whose URL a download stored (docs/read/offline.md) is answered from the downloads
 *   cache, online too: the readers and the player use the same URLs either way.
 * A new build waits until the app asks it to take over (the update dialog's "upgrade now").
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_FALLBACK_ALLOWLIST } from '../lib/app-documents';
import { APP_CONFIG_CACHE, DOWNLOADS_CACHE } from '../lib/offline/media-cache';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The activated worker takes over the open page at once: the update's reload waits for that
// ('controlling'), and the very first visit is served offline-ready without a reload.
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { allowlist: NAVIGATION_FALLBACK_ALLOWLIST }),
);

/** Keeps a copy of the deployment's app-config.js: the first visit loaded it before this worker ran. */
async function keepAppConfig(): Promise<void> {
  const url = new URL('app-config.js', self.registration.scope).href;
  const response = await fetch(url, { cache: 'no-store' });
  if (response.ok) await (await caches.open(APP_CONFIG_CACHE)).put(url, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepAppConfig().catch(() => undefined));
});

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    request.mode !== 'navigate' &&
    url.origin === self.location.origin &&
    url.pathname.endsWith('/app-config.js'),
  async ({ request }) => {
    const cache = await caches.open(APP_CONFIG_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      throw error;
    }
  },
);

registerRoute(
  ({ request }) => request.method === 'GET' && request.mode !== 'navigate',
  async ({ request }) => {
    const downloaded = await (await caches.open(DOWNLOADS_CACHE)).match(request.url);
    return downloaded ?? fetch(request);
  },
);
