/**
 * GET /opds/…: the OPDS 1.2 catalogue (Atom XML) for e-reader apps, outside the /v3 envelope:
 * apps speak plain HTTP with Basic auth. Feeds are described in opds-feeds.service.ts; downloads
 * (PSE pages, covers, CBZ, EPUB) in opds-media.service.ts. Refusals are plain text with a status:
 * 400 bad parameters, 401 no/wrong token, 403 a chapter this account may not read, 404 unknown.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodError } from 'zod';
import { ApiCode } from '@dm51/shared';
import { isAppError } from '../errors.js';
import { MIME, renderFeed, renderOpenSearch, type AtomFeed } from './atom.js';
import { opdsAuthHook } from './opds-auth.js';
import { KINDS, type Kind, type OpdsFeeds } from './opds-feeds.service.js';
import { OPDS2_TYPE, renderOpds2 } from './opds2.js';
import { OpdsRefusal } from './opds-media.service.js';
import { sendDownload } from './download-reply.js';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
// `q` in the OpenSearch template of the Atom catalogue, `query` in OPDS 2's URI template.
const searchQuery = pageQuery.extend({
  q: z.string().trim().max(100).default(''),
  query: z.string().trim().max(100).default(''),
});
const widthQuery = z.object({ maxWidth: z.coerce.number().int().min(0).max(10_000).catch(0) });
const idParam = z.object({ id: z.coerce.number().int().min(1) });
const kindParam = z.object({ kind: z.enum(Object.keys(KINDS) as [Kind, ...Kind[]]) });
const pageParam = idParam.extend({ page: z.coerce.number().int().min(0) });

const NOT_FOUND = 'Not found: this work, chapter or page does not exist.\n';

type Format = 'atom' | 'json';

function sendFeed(reply: FastifyReply, feed: AtomFeed | null, format: Format) {
  if (!feed) return reply.status(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
  reply.header('cache-control', 'private, no-cache');
  if (format === 'json') return reply.type(OPDS2_TYPE).send(JSON.stringify(renderOpds2(feed)));
  return reply.type(MIME[feed.kind]).send(renderFeed(feed));
}

/**
 * The origin absolute links are made with: the configured public URL (PAY_PUBLIC_URL) when set,
 * else the request's own (behind a proxy, TRUST_PROXY makes that the address the client used).
 */
function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  const configured = app.services.money.payments.config.publicUrl;
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export const opdsPlugin: FastifyPluginAsync = async (app) => {
  const { tokens, feeds } = app.services.opds;
  const media = () => {
    const service = app.services.opds.media;
    if (!service) throw new Error('OPDS downloads need the media store');
    return service;
  };

  app.addHook('onRequest', opdsAuthHook(tokens));
  app.setErrorHandler(async (error, request, reply) => {
    reply.type('text/plain; charset=utf-8');
    if (error instanceof OpdsRefusal) return reply.status(error.status).send(error.message);
    if (error instanceof ZodError) {
      const detail = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      return reply.status(400).send(`Bad request: ${detail}\n`);
    }
    if (isAppError(error) && error.code === ApiCode.CONTENT_NOT_FOUND)
      return reply.status(404).send(NOT_FOUND);
    request.log.error({ err: error, module: 'opds' }, 'OPDS request failed');
    return reply.status(500).send('Server error, please try again later.\n');
  });

  // Unknown /opds paths are the catalogue's 404, not the web app's page.
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).type('text/plain; charset=utf-8').send(NOT_FOUND),
  );

  registerFeeds(app, '', feeds, 'atom');
  // OPDS 2.0: the same feeds as JSON.
  registerFeeds(app, '/v2', feeds, 'json');

  // OpenSearch 1.1 wants a full URL in the template; clients do not resolve it against anything.
  app.get('/search.xml', async (request, reply) =>
    reply
      .type(MIME.openSearch)
      .send(renderOpenSearch(`${publicOrigin(app, request)}/opds/search?q={searchTerms}`)),
  );

  app.get('/works/:id/epub', { compress: false }, async (request, reply) => {
    const { id } = idParam.parse(request.params);
    // The token and the chapters' locks are checked in epub() before any byte is sent.
    const book = { type: MIME.epub, ...(await media().epub(request.opdsUserId!, id)) };
    await app.services.kosync.downloads.record(request.opdsUserId!, book);
    return sendDownload(request, reply, book);
  });

  app.get('/covers/:id', { compress: false }, async (request, reply) => {
    const { id } = idParam.parse(request.params);
    const { maxWidth } = widthQuery.parse(request.query);
    const image = await media().cover(id, maxWidth);
    return reply.type(image.type).header('cache-control', 'private, max-age=86400').send(image.data);
  });

  app.get('/chapters/:id/pages/:page', { compress: false }, async (request, reply) => {
    const { id, page } = pageParam.parse(request.params);
    const { maxWidth } = widthQuery.parse(request.query);
    const image = await media().page(request.opdsUserId!, id, page, maxWidth);
    return reply.type(image.type).header('cache-control', 'private, max-age=3600').send(image.data);
  });

  app.get('/chapters/:id/cbz', { compress: false }, async (request, reply) => {
    const { id } = idParam.parse(request.params);
    // Refused (403) in cbz() before any byte when the chapter is locked for this account.
    const cbz = await media().cbz(request.opdsUserId!, id);
    await app.services.kosync.downloads.record(request.opdsUserId!, cbz);
    return sendDownload(request, reply, cbz);
  });
};

/** The feed routes under `prefix` ('' for Atom at /opds, '/v2' for JSON at /opds/v2). */
function registerFeeds(app: FastifyInstance, prefix: string, feeds: OpdsFeeds, format: Format) {
  app.get(prefix || '/', async (_request, reply) => sendFeed(reply, feeds.root(), format));

  app.get(`${prefix}/search`, async (request, reply) => {
    const { q, query, page } = searchQuery.parse(request.query);
    const terms = q || query;
    if (!terms)
      return reply
        .status(400)
        .type('text/plain; charset=utf-8')
        .send('Bad request: q (what to search for) is empty\n');
    return sendFeed(reply, await feeds.searchResults(request.opdsUserId!, terms, page), format);
  });

  app.get(`${prefix}/works/:id`, async (request, reply) => {
    const { id } = idParam.parse(request.params);
    const { page } = pageQuery.parse(request.query);
    return sendFeed(reply, await feeds.work(request.opdsUserId!, id, page), format);
  });

  app.get(`${prefix}/:kind`, async (request, reply) =>
    sendFeed(reply, feeds.kind(kindParam.parse(request.params).kind), format),
  );

  app.get(`${prefix}/:kind/categories`, async (request, reply) =>
    sendFeed(reply, await feeds.categories(kindParam.parse(request.params).kind), format),
  );

  app.get(`${prefix}/:kind/categories/:id`, async (request, reply) => {
    const { kind } = kindParam.parse(request.params);
    const { id } = idParam.parse(request.params);
    const { page } = pageQuery.parse(request.query);
    return sendFeed(reply, await feeds.list(kind, 'new', page, id), format);
  });

  app.get(`${prefix}/:kind/new`, async (request, reply) => {
    const { page } = pageQuery.parse(request.query);
    return sendFeed(reply, await feeds.list(kindParam.parse(request.params).kind, 'new', page), format);
  });

  app.get(`${prefix}/:kind/popular`, async (request, reply) => {
    const { page } = pageQuery.parse(request.query);
    return sendFeed(reply, await feeds.list(kindParam.parse(request.params).kind, 'hot', page), format);
  });
}
