/** What buildApp decorates the root instance with; visible to every plugin and route. */
import type { Envelope } from '@dm51/shared';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { MediaStore } from './media/media-store.js';
import type { Services } from './services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    envelope: Envelope;
    media: MediaStore;
    services: Services;
    /** Background jobs shared by every instance (jobs/job-queue.ts). */
    jobs: JobQueue;
  }
}
