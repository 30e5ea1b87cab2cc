/**
 * The built web app and its runtime configuration. The same web build works for every deployment:
 * it learns the envelope key, API key and mirror hosts from /app-config.js at load time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  APP_VERSION_NAME,
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_GLOBAL,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@dm51/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export function runtimeConfigFor(config: Config): RuntimeConfig {
  return {
    envelopeKey: config.envelopeKey,
    apiKey: config.apiKey,
    imageXorKey: config.imageXorKey,
    apiHosts: config.apiHosts,
    version: APP_VERSION_NAME,
  };
}

/** The config as JSON that is safe inside a `<script>` element. */
function runtimeConfigJson(config: Config): string {
  // Escaping '<' keeps the JSON inert even if a value ever contained '</script>' or '<!--'.
  return JSON.stringify(runtimeConfigFor(config)).replace(/</g, '\\u003c');
}

export function runtimeConfigScript(config: Config): string {
  return `window.${RUNTIME_CONFIG_GLOBAL} = ${runtimeConfigJson(config)};\n`;
}

/** The web build's tag that loads /app-config.js (packages/web/index.html). */
const CONFIG_SCRIPT_TAG = /<script src="\.?\/app-config\.js"><\/script>/;

/**
 * index.html with the runtime config written in as a JSON data block instead of the
 * `/app-config.js` script (one request fewer on first load), or null when the page has no such script.
 */
export function inlineRuntimeConfig(html: string, config: Config): string | null {
  if (!CONFIG_SCRIPT_TAG.test(html)) return null;
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${runtimeConfigJson(config)}</script>`;
  return html.replace(CONFIG_SCRIPT_TAG, () => block);
}

/**
 * Security headers that only mean something on a document (or a worker script): the page's content
 * policy, framing, referrer and legacy-browser switches. A hashed script, style
 * sheet or image is none of those, and a first load fetches dozens of them, each of which carried
 * about 700 bytes of these headers over HTTP/1.1. nosniff and the resource policy stay: they do
 * apply to sub-resources.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export const webPlugin: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const script = runtimeConfigScript(config);
  app.get(RUNTIME_CONFIG_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(script),
  );

  const log = app.log.child({ module: 'web' });
  if (!existsSync(join(config.webDir, 'index.html'))) {
    log.warn({ webDir: config.webDir }, 'web app not built: / answers a notice (run npm run build)');
    app.get('/', async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet. Run `npm run build` (or set WEB_DIR), then restart the server.\n',
        ),
    );
    return;
  }

  // Vite's hashed build output: a name changes with the content, so those files are cached forever.
  // Everything else (index.html, sw.js, workbox-*.js, the manifest, icons) keeps its name across
  // releases and is revalidated on each use.
  const hashedAssetsDir = join(config.webDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: config.webDir,
    prefix: '/',
    index: ['index.html'],
    // The build writes .br and .gz copies of its text files (packages/web/scripts/compress-dist.mjs):
    // send the best one the client accepts (br, then gzip, then the file), with Vary: Accept-Encoding.
    preCompressed: config.compression !== false,
    // Cache headers are set below, per file; the defaults would give index.html a max-age.
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.startsWith(hashedAssetsDir);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Helmet set these on the raw response in onRequest; sw.js and index.html keep them.
      if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    },
  });

  // A page load (a navigation) gets index.html with the config written in: the app's first script
  // can run without waiting for /app-config.js. Anything else asking for index.html — the service
  // worker's precache above all — gets the file as built, which loads /app-config.js from the
  // network each time, so a cached page never holds a deployment's old keys.
  const inlined = inlineRuntimeConfig(readFileSync(join(config.webDir, 'index.html'), 'utf8'), config);
  if (inlined !== null) {
    const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache').header('vary', 'Sec-Fetch-Dest');
      if (request.headers['sec-fetch-dest'] !== 'document') return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(inlined);
    };
    app.get('/', serveIndex);
    app.get('/index.html', serveIndex);
  }
  log.info({ webDir: config.webDir }, 'serving the web app');
};
