/**
 * Request ids, readiness checks and metrics for an app (scale-out). Registered right after the
 * error handler, so its hooks see every request: the `x-request-id` echo (onRequest, before load
 * shedding, so a shed answer carries it too) and the request metrics (onResponse).
 *
 * `/metrics` (Prometheus text): with METRICS_TOKEN set, only `Authorization: Bearer <token>`
 * (from anywhere, loopback included); without it, only a direct loopback client (no
 * X-Forwarded-For or Forwarded header, which a proxy on the same host adds). Never shed.
 */
import { timingSafeEqual } from 'node:crypto';
import { ApiCode } from '@dm51/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pgPoolOf } from '../db/database.js';
import { AppMetrics } from '../observability/metrics.js';
import { databaseCheck, mediaStoreCheck, Readiness } from '../observability/readiness.js';
import { REQUEST_ID_HEADER } from '../observability/request-id.js';
import { NEVER_SHED } from './load-shedding.js';

const { METRICS_AUTH_REQUIRED, METRICS_FORBIDDEN } = ApiCode;

/** The pool size when the config does not say (unit tests), as db/database.ts assumes. */
const DEFAULT_POOL_MAX = 20;

export async function registerObservability(app: FastifyInstance): Promise<void> {
  const readiness = new Readiness(app.log);
  readiness.register('database', databaseCheck(app.db));
  readiness.register('media', mediaStoreCheck(app.media));
  app.decorate('readiness', readiness);

  const metrics = new AppMetrics(app.log);
  const pool = pgPoolOf(app.db);
  if (pool) metrics.observePool(pool, app.config.dbPool?.max ?? DEFAULT_POOL_MAX);
  app.services.home.cacheMetrics = metrics.cache;
  app.services.search.cacheMetrics = metrics.cache;
  app.services.reader.cacheMetrics = metrics.cache;
  app.decorate('metrics', metrics);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // While shutting down every answer closes its connection, so keep-alive clients (and a balancer's
  // pooled connections) reconnect, to another instance once this one has left the balancer.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.isDraining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.metricsToken ?? null;
  app.get('/metrics', { config: NEVER_SHED }, async (request, reply) => {
    const refusal = metricsRefusal(request, token);
    if (refusal === METRICS_AUTH_REQUIRED) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({
        code: METRICS_AUTH_REQUIRED,
        msg: 'Metrics need the bearer token (METRICS_TOKEN)',
        data: null,
      });
    }
    if (refusal === METRICS_FORBIDDEN) {
      return reply.status(403).send({
        code: METRICS_FORBIDDEN,
        msg: 'Metrics are served to loopback only (set METRICS_TOKEN to scrape from elsewhere)',
        data: null,
      });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

function metricsRefusal(request: FastifyRequest, token: string | null): number | null {
  if (token !== null) {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? null
      : METRICS_AUTH_REQUIRED;
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && isLoopback(request.socket.remoteAddress) ? null : METRICS_FORBIDDEN;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
