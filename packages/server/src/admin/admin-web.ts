/**
 * The operator console's build at /admin (its own bundle: the reader app at / never loads it).
 * Hashed assets are cached for good, index.html is revalidated; any other /admin path answers
 * index.html so the console's routes survive a reload. The app's content security policy already
 * fits the console (module scripts from this origin; antd's CSS-in-JS needs inline styles, which
 * the policy allows for antd-mobile too; the TOTP QR code is a data: image), so none is loosened.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_ADMIN_DIR } from '../config.js';
import { ADMIN_API_PREFIX } from './admin-plugin.js';

export async function adminWebPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.adminDir ?? DEFAULT_ADMIN_DIR;
  const log = app.log.child({ module: 'admin-web' });
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    log.warn({ adminDir: root }, 'console not built: /admin answers a notice (run npm run build)');
    app.get('/admin', async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The operator console is not built yet. Run `npm run build` (or set ADMIN_DIR), then restart.\n',
        ),
    );
    return;
  }
  const index = await readFile(indexPath);
  const hashedAssetsDir = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/admin/',
    decorateReply: false,
    // Files are listed at start-up; anything else under /admin is a console route (below).
    wildcard: false,
    index: false,
    preCompressed: app.config.compression !== false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.startsWith(hashedAssetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  app.get('/admin', sendIndex);
  app.get('/admin/*', async (request, reply) => {
    // An unknown console API path is a JSON 404, never the page.
    if (request.url.startsWith(`${ADMIN_API_PREFIX}/`) || request.url === ADMIN_API_PREFIX)
      return reply.callNotFound();
    return sendIndex(request, reply);
  });
  log.info({ adminDir: root }, 'serving the operator console at /admin');
}
