import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { IMPORT_JOB_STALE_MS, ImportJobService } from './import-job.service.js';
import { lockPath } from './import-lock.js';
import { holdDatabaseImportLock } from './testing/hold-import-lock.js';
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
    const job = await imports.enqueue(lib);
    expect(job.state).toBe('queued');
    expect((await imports.enqueue(lib)).id).toBe(job.id);

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
      const current = (await imports.get(job.id))!;
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
    const bad = await imports.enqueue(join(lib, 'no-such-folder'));
    const again = await imports.enqueue(lib);
    const failed = await imports.waitFor(bad.id);
    expect(failed).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('library folder not found'),
    });
    const second = await imports.waitFor(again.id);
    expect(second.state).toBe('done');
    expect(second.summary?.files.unchanged).toBe(12);
    expect((await imports.list()).map((j) => j.id).slice(0, 2)).toEqual([again.id, bad.id]);
  }, 120_000);

  it('are seen by every instance: another one lists them, follows the progress and waits for the end', async () => {
    const imports = ctx.app.services.imports;
    // Another instance on the same database: it has no jobs of its own, only the rows.
    const other = new ImportJobService(ctx.db, null, ctx.app.log, 'instance-2');
    await ctx.db.deleteFrom('works').execute();
    await ctx.db.deleteFrom('library_files').execute();
    // A job another instance was running when it died (its heartbeat is still fresh).
    const { id: orphan } = await ctx.db
      .insertInto('import_jobs')
      .values({
        root: lib,
        state: 'running',
        owner: 'instance-killed',
        queued_time: Date.now(),
        heartbeat_time: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await imports.enqueue(lib);
    expect((await other.list())[0]).toMatchObject({ id: job.id, root: lib, state: 'queued' });

    let sawProgress = false;
    const done = other.waitFor(job.id);
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const seen = await other.get(job.id);
      if (seen?.state === 'running' && (seen.progress?.done ?? 0) > 0) sawProgress = true;
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await done;
    expect(result).toMatchObject({ id: job.id, state: 'done' });
    expect(result.summary?.chapters.added).toBe(12);
    expect(result.startedAt).toBeGreaterThanOrEqual(job.queuedAt);
    expect(sawProgress).toBe(true);
    expect(await other.get(job.id)).toEqual(
      await imports.get(job.id).then((j) => ({ ...j!, settleMs: 0, keepWhenEmpty: false })),
    );
    expect(await other.get(987_654)).toBeNull();
    // Holding the import lock, this run knew the other one had lost its instance.
    expect(await other.get(Number(orphan))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('stopped before it finished'),
    });
  }, 120_000);

  it('an automatic import finding another instance importing leaves no failed job; another job says why it failed', async () => {
    const imports = ctx.app.services.imports;
    // PostgreSQL: another instance holds the catalogue's import lock. SQLite: the CLI beside the
    // server (a live process in the lock file) — not another instance, so it is shown either way.
    const url = testDatabaseUrl();
    const held = url ? await holdDatabaseImportLock(ctx.db, url) : null;
    if (!held) writeFileSync(lockPath(ctx.config.dataDir), '1');
    try {
      const automatic = await imports.enqueue(lib, { quietWhenBusyElsewhere: true });
      const quiet = await imports.waitFor(automatic.id);
      const scan = await imports.enqueue(lib);
      const shown = await imports.waitFor(scan.id);
      const listed = (await imports.list()).map((job) => job.id);
      expect(shown).toMatchObject({
        state: 'failed',
        reason: expect.stringContaining('another import is running'),
      });
      expect(listed).toContain(scan.id);
      expect(quiet.state).toBe('failed');
      if (held) {
        expect(quiet.busyElsewhere).toBe(true);
        expect(listed).not.toContain(automatic.id);
        expect(await imports.get(automatic.id)).toMatchObject({ busyElsewhere: true });
        expect(
          await new ImportJobService(ctx.db, null, ctx.app.log, 'instance-2').get(automatic.id),
        ).toBeNull();
      } else {
        expect(quiet).toMatchObject({ busyElsewhere: false, reason: expect.stringContaining('(process 1)') });
        expect(listed).toContain(automatic.id);
      }
    } finally {
      if (held) await held.release();
      else rmSync(lockPath(ctx.config.dataDir), { force: true });
    }
  }, 60_000);

  it('an operator’s full rescan waits behind another import, then reads every file again', async () => {
    const imports = ctx.app.services.imports;
    const other = new ImportJobService(ctx.db, null, ctx.app.log, 'instance-2');
    const url = testDatabaseUrl();
    const held = url ? await holdDatabaseImportLock(ctx.db, url) : null;
    if (!held) writeFileSync(lockPath(ctx.config.dataDir), '1');
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      if (held) await held.release();
      else rmSync(lockPath(ctx.config.dataDir), { force: true });
    };
    try {
      const scan = await imports.enqueue(lib, { rereadAll: true, waitForLock: true });
      // Queued behind the other import, as every instance sees it; a plain scan joins it.
      for (const service of [imports, other]) {
        await expect
          .poll(async () => (await service.get(scan.id))?.progress?.phase, { timeout: 20_000 })
          .toBe('waiting');
        expect((await service.get(scan.id))!.state).toBe('queued');
      }
      expect((await imports.enqueue(lib, { waitForLock: true })).id).toBe(scan.id);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await other.get(scan.id))!.state).toBe('queued');
      await release();
      const done = await other.waitFor(scan.id);
      expect(done.state).toBe('done');
      expect(done.startedAt).toBeGreaterThan(scan.queuedAt);
      // Every file read again although none changed.
      expect(done.summary?.files).toMatchObject({ imported: 12, unchanged: 0 });
      // The next plain run finds them remembered again.
      const next = await imports.waitFor((await imports.enqueue(lib)).id);
      expect(next.summary?.files).toMatchObject({ imported: 0, unchanged: 12 });
    } finally {
      await release();
    }
  }, 120_000);

  it('closes as failed the jobs of an instance that stopped, and nothing else', async () => {
    const now = Date.now();
    const row = (owner: string, state: string, heartbeat: number) => ({
      root: '/library',
      state,
      owner,
      queued_time: now - 60_000,
      started_time: state === 'running' ? now - 50_000 : null,
      heartbeat_time: heartbeat,
    });
    const [killed, killedQueued, alive, finished] = await Promise.all(
      [
        row('instance-killed', 'running', now - IMPORT_JOB_STALE_MS - 5_000),
        row('instance-killed', 'queued', now - IMPORT_JOB_STALE_MS - 5_000),
        row('instance-alive', 'running', now - 1_000),
        row('instance-killed', 'done', now - IMPORT_JOB_STALE_MS - 5_000),
      ].map(async (values) =>
        Number(
          (await ctx.db.insertInto('import_jobs').values(values).returning('id').executeTakeFirstOrThrow())
            .id,
        ),
      ),
    );
    // This instance's own heartbeat (it beats while others' jobs look open) may close some of them
    // first; either way both stale open jobs end failed, the others untouched, nothing left over.
    const closed = await ctx.app.services.imports.closeAbandoned();
    expect(closed).toBeLessThanOrEqual(2);
    const states = async (ids: number[]) =>
      Promise.all(ids.map(async (id) => (await ctx.app.services.imports.get(id))!));
    const [a, b, c, d] = await states([killed!, killedQueued!, alive!, finished!]);
    expect(a).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('stopped before it finished'),
    });
    expect(a!.finishedAt).toBeGreaterThanOrEqual(now);
    expect(b!.state).toBe('failed');
    expect(c!.state).toBe('running');
    expect(d!.state).toBe('done');
    expect(await ctx.app.services.imports.closeAbandoned()).toBe(0);
  });

  it('reads a job whose instance stopped beating as failed before anyone closes it', async () => {
    const now = Date.now();
    const { id } = await ctx.db
      .insertInto('import_jobs')
      .values({
        root: '/library',
        state: 'running',
        owner: 'instance-gone',
        queued_time: now - 90_000,
        started_time: now - 80_000,
        heartbeat_time: now - IMPORT_JOB_STALE_MS - 1_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reader = new ImportJobService(ctx.db, null, ctx.app.log, 'instance-reader');
    const seen = await reader.get(Number(id));
    expect(seen).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('stopped before it finished'),
    });
    expect((await reader.list()).find((job) => job.id === Number(id))?.state).toBe('failed');
    // Only read so: the row itself is closed by an instance with jobs of its own.
    const row = await ctx.db
      .selectFrom('import_jobs')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('running');
  });

  it('closes its own queued and waiting jobs when the instance shuts down', async () => {
    const url = testDatabaseUrl();
    const held = url ? await holdDatabaseImportLock(ctx.db, url) : null;
    if (!held) writeFileSync(lockPath(ctx.config.dataDir), '1');
    const stopping = new ImportJobService(ctx.db, ctx.config, ctx.app.log, 'instance-stopping');
    const reader = new ImportJobService(ctx.db, null, ctx.app.log, 'instance-reader');
    try {
      // One waits for the lock in the worker, one is queued behind it.
      const waiting = await stopping.enqueue(lib, { waitForLock: true });
      const queued = await stopping.enqueue(join(lib, 'comics'), { waitForLock: true });
      await expect
        .poll(async () => (await reader.get(waiting.id))?.progress?.phase, { timeout: 20_000 })
        .toBe('waiting');
      expect((await reader.get(queued.id))!.state).toBe('queued');
      await stopping.close();
      for (const id of [waiting.id, queued.id])
        expect(await reader.get(id)).toMatchObject({
          state: 'failed',
          reason: expect.stringContaining('server instance stopped'),
        });
    } finally {
      await stopping.close();
      if (held) await held.release();
      else rmSync(lockPath(ctx.config.dataDir), { force: true });
    }
  }, 60_000);
});
