/**
 * The application as a Fastify instance with everything registered, in order: decorations and the
 * error handler → response compression → infrastructure plugins (health, docs) → the /v3 API inside the envelope → the
 * operator console (its JSON API under /admin/api and its web build at /admin) → the web app. Listening, migrations and signals are server.ts's business, so tests build the same app and
 * drive it with `app.inject()`.
 */
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { defaultedSecretWarnings, type Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { deliveryWarnings } from './delivery/delivery-config.js';
import { loggerOptions } from './logging.js';
import { createMediaStore, signedMediaOrigins } from './media/create-media-store.js';
import type { MediaStore } from './media/media-store.js';
import type { JobQueue } from './jobs/job-queue.js';
import { registerCompression } from './plugins/compression.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { envelopePlugin } from './plugins/envelope.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { registerObservability } from './plugins/observability.js';
import { requestIdOf } from './observability/request-id.js';
import { ShutdownHooks } from './observability/shutdown-hooks.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { healthPlugin } from './plugins/health.js';
import { mediaPlugin } from './plugins/media.js';
import { openApiPlugin } from './plugins/openapi.js';
import { opdsPlugin } from './opds/opds-routes.js';
import { kosyncPlugin } from './kosync/kosync-routes.js';
import { KOSYNC_PATH } from './opds/app-token-routes.js';
import { paymentsPlugin } from './payments/payments-plugin.js';
import { RequestLogController } from './plugins/request-log.js';
import { webPlugin } from './plugins/web.js';
import { adminApiPlugin, ADMIN_API_PREFIX } from './admin/admin-plugin.js';
import { ADMIN_ROUTES } from './admin/admin-routes.js';
import { adminWebPlugin } from './admin/admin-web.js';
import { API_ROUTES } from './routes/index.js';
import { createServices } from './services/index.js';
import { SharedRedis } from './shared-state/redis.js';
import { shareState } from './shared-state/share-state.js';
import './types.js';

export interface BuildAppOptions {
  /** An open database. Without one, the app opens its own from the config and closes it on close. */
  db?: Database;
  /**
   * A pino logger to use instead of one built from `config.logLevel` and `config.logFormat` (tests
   * capture output this way).
   */
  loggerInstance?: FastifyBaseLogger;
  /** The media store; by default the configured one (local files under DATA_DIR/media, or S3). */
  media?: MediaStore;
  /** The job queue; by default chosen by the database (jobs/create-job-queue.ts). */
  jobs?: JobQueue;
}

/** Running jobs get this long at shutdown before they are handed back (inside server.ts's 10 s). */
const JOBS_STOP_GRACE_MS = 5_000;

/** Client bodies are a few kB; this leaves room for long comments without inviting abuse. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: loggerOptions(config) }),
    // One line per request at debug, failures at error (plugins/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // The balancer's X-Request-Id when safe, else a fresh one (observability/request-id.ts).
    genReqId: requestIdOf,
    // TRUST_PROXY: only a request whose socket peer is one of these balancers has its
    // X-Forwarded-For (request.ip, which every per-address limit counts by) and X-Forwarded-Proto
    // (request.protocol, HSTS) believed. Without it, anyone could pick the address they are limited as.
    trustProxy: config.trustProxy && config.trustProxy.length > 0 ? [...config.trustProxy] : false,
  }) as unknown as FastifyInstance;

  for (const warning of defaultedSecretWarnings(config)) app.log.warn({ module: 'config' }, warning);
  if (config.delivery)
    for (const warning of deliveryWarnings(config.delivery)) app.log.warn({ module: 'delivery' }, warning);

  const ownsDb = !options.db;
  const db = options.db ?? createDatabase(config);
  // Close steps in a fixed order (jobs → services → the database), after requests have drained.
  app.decorate('shutdown', new ShutdownHooks());
  app.addHook('onClose', async () => app.shutdown.run(app.log));
  if (ownsDb) app.shutdown.add('database', () => db.destroy(), 'storage');

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('envelope', createEnvelope(config.envelopeKey, nodeCfbCipher));
  // Local files or an S3-compatible bucket (MEDIA_STORE); closed with the database.
  app.decorate('media', options.media ?? createMediaStore(config));
  if (!options.media) app.shutdown.add('media', async () => app.media.close?.(), 'storage');
  // Scale-out: with REDIS_URL the state instances share lives in Redis. Closed with the
  // database, after the counters' preClose flushes and the jobs and services have stopped.
  const redis = config.redis ? new SharedRedis(config.redis, app.log.child({ module: 'redis' })) : null;
  if (redis) app.shutdown.add('redis', () => redis.close(), 'storage');
  app.decorate('redis', redis);
  app.decorate(
    'services',
    createServices(db, app.log, { config, media: app.media, ...(redis ? { redis } : {}) }),
  );
  await shareState(app.services, redis);
  // Scale-out jobs: the queue starts once the app is ready and stops before close, handing back
  // what did not finish in JOBS_STOP_GRACE_MS (before the import worker and the database go).
  app.decorate('jobs', options.jobs ?? createJobQueue(config, app.log));
  app.addHook('onReady', async () => app.jobs.start());
  app.addHook('preClose', async () => app.jobs.stop({ graceful: true, timeoutMs: JOBS_STOP_GRACE_MS }));
  // A running import worker is stopped on close; the next run finds it interrupted and converges.
  app.shutdown.add('imports', () => app.services.imports.close(), 'jobs');
  installErrorHandler(app);
  await registerObservability(app);
  // ping() answers false (never throws) when Redis does not answer within a second.
  if (redis) app.readiness.register('redis', () => redis.ping());
  // The queue's depth and oldest waiting job, across all instances on PostgreSQL.
  app.metrics.registerQueueStats(async () =>
    (await app.jobs.stats()).map((stats) => ({
      queue: stats.name,
      waiting: stats.waiting,
      active: stats.active,
      oldestWaitingAgeS: stats.oldestWaitingS,
    })),
  );

  await registerLoadShedding(app, config.shedEventLoopDelayMs ?? 0);
  if (config.compression !== false) await registerCompression(app);
  // With signed media delivery the object store's origin is allowed like an API mirror; the app
  // update's download host (a CDN, set in the console) is allowed to be fetched too.
  const updateConfig = app.services.adsUpdates.updateConfig;
  void updateConfig.current().catch(() => undefined);
  registerSecurityHeaders(
    app,
    [...(config.apiHosts ?? []), ...(await signedMediaOrigins(app.media, config))],
    () => updateConfig.downloadOrigins(),
  );
  await app.register(healthPlugin);
  await app.register(openApiPlugin);
  await app.register(mediaPlugin);
  await app.register(paymentsPlugin);
  await app.register(envelopePlugin, { prefix: '/v3', routes: API_ROUTES });
  // OPDS for e-reader apps: plain Atom over HTTP Basic with app tokens, not the envelope.
  await app.register(opdsPlugin, { prefix: '/opds' });
  // KOReader's progress sync: its own JSON protocol, signed in with app tokens.
  await app.register(kosyncPlugin, { prefix: KOSYNC_PATH });
  await app.register(adminApiPlugin, { prefix: ADMIN_API_PREFIX, routes: ADMIN_ROUTES });
  await app.register(adminWebPlugin);
  await app.register(webPlugin);
  return app;
}
