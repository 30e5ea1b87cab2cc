import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { writeCbz } from './testing/library-fixtures.js';

let ctx: TestApp;
let lib: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-job-lib-'));
  // Big enough pages that the job runs for a while, so the API is measured during it.
  for (let i = 1; i <= 12; i++) {
    await writeCbz(join(lib, `comics/Long Road/Long Road c${String(i).padStart(3, '0')}.cbz`), {
      pages: 6,
      size: [1400, 2000],
    });
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('background imports', () => {
  it('run in a worker with progress while the API keeps answering quickly', async () => {
    const imports = ctx.app.services.imports;
    const job = imports.enqueue(lib);
    expect(job.state).toBe('queued');
    expect(imports.enqueue(lib).id).toBe(job.id);

    const latencies: number[] = [];
    let sawRunning = false;
    const done = imports.waitFor(job.id);
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const started = performance.now();
      const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      latencies.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
      const current = imports.get(job.id)!;
      if (current.state === 'running' && current.progress?.phase === 'importing') {
        sawRunning = true;
        expect(current.progress.total).toBe(12);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = await done;
    expect(result.state).toBe('done');
    expect(result.summary?.works.added).toBe(1);
    expect(result.summary?.chapters.added).toBe(12);
    expect(sawRunning).toBe(true);
    // Decoding happens off the event loop: requests during the job stay fast.
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(10);
    expect(latencies[Math.floor(latencies.length * 0.95)]).toBeLessThan(100);

    const works = await ctx.db.selectFrom('works').select(['title', 'chapter_count']).execute();
    expect(works).toEqual([{ title: 'Long Road', chapter_count: 12 }]);
    const run = await ctx.db
      .selectFrom('import_runs')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('done');
    expect(JSON.parse(run.summary).chapters.added).toBe(12);
  }, 120_000);

  it('reports a failed job with its reason, and keeps serving the next one', async () => {
    const imports = ctx.app.services.imports;
    const bad = imports.enqueue(join(lib, 'no-such-folder'));
    const again = imports.enqueue(lib);
    const failed = await imports.waitFor(bad.id);
    expect(failed).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('library folder not found'),
    });
    const second = await imports.waitFor(again.id);
    expect(second.state).toBe('done');
    expect(second.summary?.files.unchanged).toBe(12);
    expect(
      imports
        .list()
        .map((j) => j.id)
        .slice(0, 2),
    ).toEqual([again.id, bad.id]);
  }, 120_000);
});
