/**
 * One import at a time per catalogue. PostgreSQL leg: the lock is the database's, so an import on
 * another instance (another connection holding it) is refused, and the lock comes free when the
 * holder's connection dies. SQLite leg: the lock file in DATA_DIR refuses a live owner and is taken
 * over from a dead one.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importInto } from '../testing/import-into.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { acquireImportLock, ImportBusyError, lockPath } from './import-lock.js';
import { resumeAbandonedImport } from './startup-imports.js';
import { holdDatabaseImportLock } from './testing/hold-import-lock.js';
import { writeCbz } from './testing/library-fixtures.js';

const url = testDatabaseUrl();
let ctx: TestApp;
let library: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  library = mkdtempSync(join(tmpdir(), 'dm51-lock-lib-'));
  mkdirSync(join(library, 'Comic A'));
  await writeCbz(join(library, 'Comic A', 'ch1.cbz'), { pages: 1 });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(library, { recursive: true, force: true });
});

describe(`the import lock (${url ? 'PostgreSQL: advisory lock across instances' : 'SQLite: lock file'})`, () => {
  it('refuses an import while another holds the lock, and frees it when the holder dies', async () => {
    if (url) {
      // Another instance's importing connection, on the same catalogue (schema).
      const holder = await holdDatabaseImportLock(ctx.db, url);
      try {
        await expect(importInto(ctx, library)).rejects.toBeInstanceOf(ImportBusyError);
        expect(await ctx.db.selectFrom('works').select('id').execute()).toHaveLength(0);
        // The holder dies: the database ends its session and with it the lock.
        await sql`select pg_terminate_backend(${holder.pid})`.execute(ctx.db);
      } finally {
        await holder.release();
      }
    } else {
      const owner = spawn('sleep', ['30']);
      writeFileSync(lockPath(ctx.config.dataDir), String(owner.pid));
      await expect(importInto(ctx, library)).rejects.toBeInstanceOf(ImportBusyError);
      const gone = new Promise((done) => owner.once('exit', done));
      owner.kill('SIGKILL');
      await gone;
    }
    await importInto(ctx, library);
    expect(await ctx.db.selectFrom('works').select('title').execute()).toEqual([{ title: 'Comic A' }]);
    // Released after the run: the next import goes through.
    await expect(importInto(ctx, library)).resolves.toBeDefined();
  });

  if (url)
    it("PostgreSQL: an import whose instance died is resumed by a live instance, never a live one's", async () => {
      await importInto(ctx, library);
      const lastRun = () =>
        ctx.db
          .selectFrom('import_runs')
          .select(['id', 'status'])
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
      // The state a SIGKILLed importer leaves: its run marked running, its lock gone with its connection.
      await ctx.db
        .updateTable('import_runs')
        .set({ status: 'running' })
        .where('id', '=', (await lastRun()).id)
        .execute();
      // While an instance holds the lock its run is alive: nothing is resumed.
      const live = await holdDatabaseImportLock(ctx.db, url);
      try {
        expect(await resumeAbandonedImport(ctx.app, library)).toBeNull();
      } finally {
        await live.release();
      }
      const job = await resumeAbandonedImport(ctx.app, library);
      expect(job).not.toBeNull();
      expect(await ctx.app.services.imports.waitFor(job!.id)).toMatchObject({ state: 'done' });
      expect(await lastRun()).toMatchObject({ status: 'done' });
      expect(await resumeAbandonedImport(ctx.app, library)).toBeNull();
    });
});

describe('the lock file (SQLite, and the CLI beside a server)', () => {
  it('is taken over from an earlier process that had this pid, as after a container restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dm51-lock-pid-'));
    try {
      // A server killed mid-import left its lock; the restarted one has the same pid (pid 1 in a
      // container), which is alive — it is this process — but it is not the process that wrote it.
      writeFileSync(lockPath(dataDir), `${process.pid} the-process-before-the-restart`);
      const release = await acquireImportLock(dataDir);
      // Now held by this process (one of its import workers): a second import is refused.
      await expect(acquireImportLock(dataDir)).rejects.toBeInstanceOf(ImportBusyError);
      await release();
      // A lock written before the process id existed, with this pid: also an earlier process's.
      writeFileSync(lockPath(dataDir), String(process.pid));
      await (
        await acquireImportLock(dataDir)
      )();
      expect(existsSync(lockPath(dataDir))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
