import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `vite dev` / `vite preview` forward API calls; the server's default port unless overridden. */
const API_ORIGIN = process.env.DM51_API_ORIGIN ?? 'http://localhost:8080';

/** antd-mobile and the libraries under it (grouped into one `ui` chunk where shared). */
const UI_LIBRARIES =
  /node_modules[\\/](antd-mobile|@use-gesture|@react-spring|ahooks|rc-|@rc-component|classnames|runes2|staged-components|@floating-ui|lodash|tslib)/;
/** The app's own shared components, helpers and queries (grouped into one `shared` chunk). */
const APP_SHARED = /packages[\\/]web[\\/]src[\\/](components|lib|state)[\\/]/;
/**
 * Shared components built on antd-mobile: kept out of `shared`, or every page that needs any shared
 * helper (a comic reader, a detail page) would also fetch `ui` before its first paint.
 */
const ANTD_COMPONENTS =
  /src[\\/]components[\\/](ai-chat[\\/]ReaderAiSheet|ai-cos[\\/]\w+|captcha[\\/]CaptchaPopup|comments[\\/]\w+|guest-prompt[\\/]GuestPrompt|install-banner[\\/]InstallGuide|unlock-sheet[\\/](UnlockSheet|LockedChapter)|update-dialog[\\/]UpdateDialog)\.tsx$/;
/**
 * The app's shared code, by the landing that needs it
 * (docs/develop/decisions/0024-chunks-by-landing-page.md). In one `shared` chunk, a comic reader link
 * would fetch 13.3 KiB of brotli of which half is the detail pages', the account pages' and the
 * comment and search queries' code, on the slow network before the chapter's first page. So
 * `shared` keeps what the readers and the detail pages both use, and:
 * - `reader-kit`: the readers' chrome, prompts, progress saving and reading clock (the comic and
 *   novel readers, and the player for the reading clock's money helpers);
 * - `detail-kit`: the work detail view (hero, about, action bar, AI chat entry, share button);
 * - `lists`: the list pages' parts (paged lists, pull to refresh, filter chips, editable lists);
 * - `pages`: the rest (account, comments, search, messages, invites, feedback, help and AI queries,
 *   captcha, image picker, code input, the player's format helpers, the unlock purchase).
 * A reader link fetches `shared` and `reader-kit`, 8.0 KiB of brotli, and their style sheets 2.2 KiB
 * instead of 6.1 KiB; a detail link `shared` and `detail-kit`, 6.5 KiB. e2e/reader.e2e.test.ts
 * checks a comic reader link fetches none of `detail-kit`, `lists` and `pages`.
 */
const READER_KIT =
  /src[\\/](components[\\/](reader[\\/]|ai-chat[\\/]ReaderAiHelpers|unlock-sheet[\\/](use-charge-toast|lock-reason))|lib[\\/](reading-clock|reading-meter|money)\.ts)/;
const DETAIL_KIT =
  /src[\\/](components[\\/](work-detail[\\/](?!reader-href)|ai-chat[\\/](AiChatSection|ChatButton)|task-share[\\/])|lib[\\/]compact-count\.ts)/;
/** The list pages' parts: paged lists, pull to refresh, filter chips, editable and tag lists. */
const LISTS_KIT =
  /src[\\/]components[\\/](work-card[\\/](?!WorkGrid\.tsx$)|paged-list[\\/]|pull-to-refresh[\\/]|filter-chips[\\/]FilterChips)/;
const OTHER_PAGES_KIT =
  /src[\\/](state[\\/]queries[\\/](account|comment|ai|search|message|invite|feedback|help)\.ts|components[\\/](captcha|image-picker|code-input|comments|video-player|task-centre|money)[\\/]|components[\\/]unlock-sheet[\\/]use-unlock-buy|lib[\\/](money-paths|relative-time)\.ts)/;
/**
 * TanStack Query's mutations (1.2 KiB of brotli): a chunk of their own, one more request after the
 * page's chunk for every reader and detail link, which load `shared` anyway (home uses none).
 */
const TANSTACK_MUTATIONS =
  /node_modules[\\/]@tanstack[\\/](query-core[\\/].*mutationObserver|react-query[\\/].*useMutation)\.js$/;
/**
 * The download engine, its IndexedDB records and the offline queue (lib/offline, with `idb`): one
 * chunk that only a download, a Downloads page, an offline answer or the shell's extras load. In
 * `shared` it would be fetched by every reader and detail link before its first paint. The light
 * parts the readers' queries import (offline-fallback, downloaded-index, outbox-send) stay out.
 */
const OFFLINE_KIT =
  /(src[\\/]lib[\\/]offline[\\/](download-manager|download-store|offline-db|offline-answers|outbox|outbox-sync|chapter-files|episode-files|file-fetch)\.ts$|node_modules[\\/]idb[\\/])/;
/** The style sheets only those antd-mobile-based parts import: they go where their importers go. */
const ANTD_COMPONENT_STYLES =
  /src[\\/]components[\\/](unlock-sheet[\\/](unlock-sheet|locked-chapter)|guest-prompt[\\/]guest-prompt|ai-cos[\\/]ai-cos)\.css$/;
/** What may go in one of the shared groups at all (the shell's extras and antd-mobile-based parts may not). */
function isAppShared(id: string): boolean {
  return (
    APP_SHARED.test(id) &&
    !SHELL_EXTRAS.test(id) &&
    !ANTD_COMPONENTS.test(id) &&
    !ANTD_COMPONENT_STYLES.test(id)
  );
}

/**
 * What the shell loads on every page once the landing page has painted (the floating ad, the
 * update prompt, analytics, the service worker): kept out of `shared`, or home would fetch all of it.
 */
const SHELL_EXTRAS =
  /src[\\/](components[\\/](ad-float|update-dialog)[\\/]|state[\\/]queries[\\/](ads|update)\.ts|lib[\\/](ad-store|ad-rules|update-[\w-]+|platform|analytics[\w-]*)\.ts)/;

/**
 * index.html's only script is boot.ts; the app's own chunk (`app`, imported by boot.ts) would be
 * discovered only once boot.ts had run. This puts it in the page's head instead: a modulepreload of
 * `app` and what it imports, and `app`'s CSS as a stylesheet (the splash is styled by it before
 * any script runs). Nothing else: on a phone's first load every request the page starts before its
 * first paint shares the few connections and the bandwidth with these.
 */
function preloadAppCode(): Plugin {
  return {
    name: 'dm51-preload-app-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const app = chunks.find((chunk) => chunk.name === 'app' && !chunk.isEntry);
        if (!app) throw new Error('dm51-preload-app-code: no app chunk in the build');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const scripts = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (scripts.has(chunk.fileName) || chunk === entry) return;
          scripts.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        visit(app);
        const css = [...(app.viteMetadata?.importedCss ?? [])];
        return [
          ...css.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          })),
          ...[...scripts].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  // The server serves the build at '/'; a relative base also lets the same dist run under a sub-path.
  base: './',
  resolve: {
    // Compile @dm51/shared from its TypeScript source instead of its (possibly stale) dist.
    conditions: ['source', ...defaultClientConditions],
    // One React only: the web app's React 18 sits at the repo root, next to antd-mobile and friends.
    dedupe: ['react', 'react-dom'],
  },
  plugins: [
    react(),
    preloadAppCode(),
    VitePWA({
      // Our own worker (src/sw/sw.ts): the precache and the app's navigations as before,
      // plus app-config.js's last copy and the downloads cache for reading offline.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // A new build waits until the user taps 'upgrade now' in the update dialog; the
      // app registers the worker itself (lib/update-worker.ts via virtual:pwa-register).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: '51动漫',
        short_name: '51动漫',
        description: 'Comics, novels and anime',
        lang: 'zh-CN',
        theme_color: '#FD586D',
        background_color: '#F8F8F8',
        display: 'standalone',
        orientation: 'portrait',
        start_url: './',
        scope: './',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // app-config.js is per deployment: the worker fetches it from the network and keeps the last copy.
        globIgnores: ['**/app-config.js'],
        rollupFormat: 'iife',
      },
    }),
  ],
  server: {
    proxy: {
      '/v3': API_ORIGIN,
      '/app-config.js': API_ORIGIN,
      '/healthz': API_ORIGIN,
      '/cashier': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/v3': API_ORIGIN,
      '/app-config.js': API_ORIGIN,
      '/healthz': API_ORIGIN,
      '/cashier': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically runs on every launch anyway: one chunk for it
          // instead of the half-dozen shared chunks automatic splitting made (each one more
          // request, more headers and a smaller brotli window on a phone's first load).
          groups: [
            // The page's first script (src/boot.ts) and what it imports: the launch calls, the
            // envelope and the API client, without React, so the launch calls go out before the app's
            // code has arrived (docs/develop/decisions/0022-first-script-sends-launch-calls.md).
            { name: 'boot', tags: ['$initial'], priority: 4 },
            // Everything the app's entry (src/main.tsx, which boot.ts imports) imports statically
            // runs on every launch anyway: one chunk for it, modulepreloaded by index.html. The
            // entry page joins it (842 bytes of brotli as its own chunk, 387 inside): every new
            // visitor passes through it, and as a chunk of its own it would be one more request
            // after this one before a shared link's first picture.
            { name: 'app', test: /src[\\/](main\.tsx|routes[\\/]entry[\\/]EntryPage\.tsx)$/, priority: 3 },
            // A page's lazy code in a few requests instead of dozens of tiny ones (a comic
            // detail or reader link fetched ~50 chunks over HTTP/1.1 before its data could go out):
            // antd-mobile and the libraries under it that two or more chunks share, and the app's
            // own shared components, helpers and queries.
            {
              // What home draws besides its own page (and the entry page's glyphs): covers, cards,
              // the error and empty states; kept apart so home does not load the larger groups.
              name: 'landing',
              // The grid only: the rest of work-card/ (the tag, favourites and history list pages'
              // parts) is in `lists` (here they would be 2.5 KiB of brotli that home and the readers
              // fetch and never run).
              test: /src[\\/](components[\\/](xfile-image|mixed-list-card|query-state|empty-state|icons)[\\/]|components[\\/]work-card[\\/]WorkGrid\.tsx$|lib[\\/](media-url|genre-label)\.ts)/,
              priority: 2,
            },
            { name: 'offline', test: OFFLINE_KIT, priority: 2 },
            {
              name: 'ui',
              test: (id) => UI_LIBRARIES.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // The app's shared code, split by the landing that needs it (see READER_KIT above).
            ...(
              [
                ['reader-kit', READER_KIT],
                ['detail-kit', DETAIL_KIT],
                ['lists', LISTS_KIT],
                ['pages', OTHER_PAGES_KIT],
              ] as const
            ).map(([name, pattern]) => ({
              name,
              test: (id: string) => isAppShared(id) && pattern.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            })),
            {
              name: 'shared',
              test: (id: string) => isAppShared(id) || TANSTACK_MUTATIONS.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
