/**
 * A queue instance in its own process for the takeover test: works on `QUEUE`, says "started <id>"
 * when a job begins and never finishes it, so the test can SIGKILL it mid-job.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { PgBossJobQueue } from '../pg-boss-job-queue.js';

const [url, schema, queue] = process.argv.slice(2) as [string, string, string];
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const jobs = new PgBossJobQueue(url, { schema, leaseS: 2, pollS: 0.5, maintenanceS: 1 }, log);
await jobs.define(queue, { leaseS: 2, retryLimit: 3 });
await jobs.work(queue, async (job) => {
  console.log(`started ${job.id}`);
  await new Promise(() => undefined);
});
await jobs.start();
console.log('ready');
