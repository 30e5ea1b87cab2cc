/**
 * The job queue as an operator sees it. On PostgreSQL (the suite run with DATABASE_URL): two
 * instances share pg-boss — a job runs once, a scheduled sweep runs once per period, a job handed
 * back by a graceful stop or left by a SIGKILLed instance is finished by the other. On SQLite: the
 * in-process queue runs jobs, schedules and stops the same way within one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../testing/test-app.js';
import type { JobQueue } from './job-queue.js';
import { LocalJobQueue } from './local-job-queue.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const url = testDatabaseUrl();
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const schema = `jobs_test_${randomBytes(5).toString('hex')}`;
const queues: JobQueue[] = [];
const children: ChildProcess[] = [];

function instance(): JobQueue {
  const queue = url
    ? new PgBossJobQueue(url, { schema, leaseS: 2, pollS: 0.5, maintenanceS: 1 }, log)
    : new LocalJobQueue(log);
  queues.push(queue);
  return queue;
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.allSettled(queues.map((q) => q.stop({ graceful: false })));
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
});

describe(`job queue (${url ? 'PostgreSQL: two instances on pg-boss' : 'SQLite: in process'})`, () => {
  it('runs each job once, whichever instance takes it, and counts waiting jobs', async () => {
    const a = instance();
    const b = url ? instance() : a;
    const ran: string[] = [];
    for (const q of new Set([a, b])) {
      await q.define('once');
      await q.start();
    }
    for (let i = 0; i < 6; i++) await a.send('once', { i });
    const before = (await a.stats()).find((s) => s.name === 'once');
    expect(before).toMatchObject({ waiting: 6, active: 0 });
    for (const q of new Set([a, b]))
      await q.work<{ i: number }>('once', async (job) => {
        ran.push(String(job.data.i));
      });
    await until(() => ran.length >= 6);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran.sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    expect((await b.stats()).find((s) => s.name === 'once')).toMatchObject({ waiting: 0, active: 0 });
  });

  it('runs a sweep scheduled by every instance once per period', { timeout: 30_000 }, async () => {
    const runs: number[] = [];
    const first = Date.now();
    const members = url ? [instance(), instance(), instance()] : [instance()];
    for (const q of members) {
      await q.define('sweep', { retryLimit: 0 });
      await q.work('sweep', async () => {
        runs.push(Date.now());
      });
      await q.schedule('sweep', 2);
      await q.start();
    }
    await new Promise((r) => setTimeout(r, 7_000));
    // Three instances, each trying several times per 2 s period: one run per period, not one per try.
    const periods = Math.floor(Date.now() / 2000) - Math.floor(first / 2000) + 1;
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(periods);
  });

  it('a graceful stop waits for a short job, then hands back a long one', { timeout: 30_000 }, async () => {
    const a = instance();
    await a.define('handback', { retryLimit: 3 });
    const finished: string[] = [];
    let started = 0;
    await a.work<{ what: string }>(
      'handback',
      async (job) => {
        started++;
        const ms = job.data.what === 'short' ? 300 : 60_000;
        await new Promise<void>((done, fail) => {
          const timer = setTimeout(done, ms);
          job.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            fail(new Error('stopped'));
          });
        });
        finished.push(`${job.data.what} on A`);
      },
      { concurrency: 2 },
    );
    await a.start();
    await a.send('handback', { what: 'short' });
    await a.send('handback', { what: 'long' });
    await until(() => started === 2);
    const stopping = Date.now();
    await a.stop({ graceful: true, timeoutMs: 1_500 });
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(finished).toEqual(['short on A']);
    if (!url) return; // in process, nothing outlives the process: the domains converge at the next start
    const b = instance();
    await b.define('handback', { retryLimit: 3 });
    await b.work<{ what: string }>('handback', async (job) => {
      finished.push(`${job.data.what} on B`);
    });
    await b.start();
    await until(() => finished.length === 2);
    expect(finished).toEqual(['short on A', 'long on B']);
  });

  if (url)
    it(
      'a job whose instance is SIGKILLed is taken over by another when its lease lapses',
      { timeout: 40_000 },
      async () => {
        const queue = `takeover_${randomBytes(3).toString('hex')}`;
        const child = spawn(
          process.execPath,
          [
            '--conditions=source',
            '--import',
            'tsx',
            'packages/server/src/jobs/testing/dying-worker.ts',
            url!,
            schema,
            queue,
          ],
          { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        children.push(child);
        const lines: string[] = [];
        createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
        await until(() => lines.includes('ready'), 30_000);
        const b = instance();
        await b.define(queue, { leaseS: 2, retryLimit: 3 });
        await b.start();
        const id = await b.send(queue, { n: 1 });
        await until(() => lines.includes(`started ${id}`));
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGKILL');
        await exited;
        const done: string[] = [];
        await b.work(queue, async (job) => {
          done.push(job.id);
        });
        await until(() => done.length === 1, 20_000);
        expect(done).toEqual([id]);
      },
    );
});
