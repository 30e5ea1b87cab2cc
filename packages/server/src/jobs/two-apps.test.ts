/**
 * The queue as the app wires it (app.jobs, started when the app is ready, stopped when it closes).
 * PostgreSQL leg: two apps on the same database, each with its own queue, like two instances — a
 * sweep both register runs once per period, and a job the closing app could not finish is handed
 * back and finished by the other. SQLite leg: one app runs its sweep per period and its stop
 * cuts a job short after the grace period.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/database.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { runPeriodically } from './periodic.js';

const url = testDatabaseUrl();
let a: TestApp;
let b: FastifyInstance | null = null;
let bDb: Database | null = null;

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  a = await buildTestApp();
  if (url) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(a.db);
    bDb = createDatabase(a.config, { pgSchema: rows[0]!.schema });
    b = await buildApp(a.config, { db: bDb });
    await b.ready();
  }
}, 60_000);

afterAll(async () => {
  await b?.close();
  await bDb?.destroy();
  await a?.close();
});

describe(`app.jobs (${url ? 'PostgreSQL: two app instances on one database' : 'SQLite: one app in process'})`, () => {
  it('runs a sweep every instance registers once per period', { timeout: 30_000 }, async () => {
    const runs: string[] = [];
    const first = Math.floor(Date.now() / 2000);
    for (const [name, app] of [['A', a.app] as const, ...(b ? [['B', b] as const] : [])])
      await runPeriodically(app, 'test_sweep', 2, async () => {
        runs.push(name);
      });
    await new Promise((r) => setTimeout(r, 7_000));
    // Each app tries several times per 2 s period; one run per period is what may happen.
    const periods = Math.floor(Date.now() / 2000) - first + 1;
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(periods);
  });

  it('closing an app hands back the job it could not finish', { timeout: 40_000 }, async () => {
    const done: string[] = [];
    let startedOnA = false;
    await a.app.jobs.define('test_handback', { retryLimit: 2 });
    await a.app.jobs.work<{ n: number }>('test_handback', async (job) => {
      startedOnA = true;
      // Longer than the app's shutdown grace: cut short when the queue stops.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, 8_000);
        job.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('stopped'));
        });
      });
      done.push('A');
    });
    await a.app.jobs.send('test_handback', { n: 1 });
    await until(() => startedOnA);
    const closing = Date.now();
    await a.app.jobs.stop({ graceful: true, timeoutMs: 1_000 });
    expect(Date.now() - closing).toBeLessThan(8_000);
    expect(done).toEqual([]);
    if (!b) return; // in process nothing outlives the stop; the domains converge at the next start
    await b.jobs.define('test_handback', { retryLimit: 2 });
    await b.jobs.work('test_handback', async () => {
      done.push('B');
    });
    await until(() => done.length === 1);
    expect(done).toEqual(['B']);
  });
});
