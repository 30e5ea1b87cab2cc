/** Chooses the queue by the database in use: pg-boss on PostgreSQL, in process on SQLite. */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue.js';
import { DEFAULT_JOBS_CONFIG, type JobsConfig } from './jobs-config.js';
import { LocalJobQueue } from './local-job-queue.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

export function createJobQueue(
  config: { databaseUrl: string | null; jobs?: JobsConfig },
  log: FastifyBaseLogger,
): JobQueue {
  const child = log.child({ module: 'jobs' });
  if (!config.databaseUrl) return new LocalJobQueue(child);
  return new PgBossJobQueue(config.databaseUrl, config.jobs ?? DEFAULT_JOBS_CONFIG, child);
}
