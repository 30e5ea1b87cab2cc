/**
 * The built web app and its runtime configuration. The same web build works for every deployment:
 * it learns the envelope key, API key and mirror hosts from /app-config.js at load time.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  APP_VERSION_NAME,
  RUNTIME_CONFIG_GLOBAL,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
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

export function runtimeConfigScript(config: Config): string {
  // Escaping '<' keeps the JSON inert even if a value ever contained '</script>'.
  const json = JSON.stringify(runtimeConfigFor(config)).replace(/</g, '\\u003c');
  return `window.${RUNTIME_CONFIG_GLOBAL} = ${json};\n`;
}

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
      reply.header(
        'cache-control',
        path.startsWith(hashedAssetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  log.info({ webDir: config.webDir }, 'serving the web app');
};
