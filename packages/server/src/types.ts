/** What buildApp decorates the root instance with; visible to every plugin and route. */
import type { Envelope } from '@dm51/shared';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { MediaStore } from './media/media-store.js';
import type { AppMetrics } from './observability/metrics.js';
import type { Readiness } from './observability/readiness.js';
import type { ShutdownHooks } from './observability/shutdown-hooks.js';
import type { Services } from './services/index.js';
import type { SharedRedis } from './shared-state/redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    envelope: Envelope;
    media: MediaStore;
    services: Services;
    /** Readiness checks behind /readyz; more are added with `readiness.register(name, check)`. */
    readiness: Readiness;
    /** Prometheus metrics behind /metrics (`metrics.registerQueueStats`, `metrics.cache`). */
    metrics: AppMetrics;
    /** Ordered close steps (jobs → services → storage), run after requests drained. */
    shutdown: ShutdownHooks;
    /** The Redis connection of shared state; null in the embedded default. `ping()` for /readyz. */
    redis: SharedRedis | null;
    /** Background jobs shared by every instance (jobs/job-queue.ts). */
    jobs: JobQueue;
  }
}
