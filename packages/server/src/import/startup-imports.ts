/**
 * What the server imports by itself once it is listening (so /healthz answers at once):
 * LIBRARY_DIR when set, at every start (incremental, so cheap when nothing changed), then watched
 * for changes unless LIBRARY_WATCH is off (library-watcher.ts); otherwise,
 * with DEMO_LIBRARY on, the generated demo library when the catalogue is empty and the demo has
 * never been imported.
 */
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JOBS } from '../jobs/job-queue.js';
import { DEFAULT_JOBS_CONFIG } from '../jobs/jobs-config.js';
import { runPeriodically } from '../jobs/periodic.js';
import type { ImportJob } from './import-job.js';
import { databaseImportLockFree } from './import-lock.js';
import { LIBRARY_WATCH_DEFAULTS } from './library-watch-config.js';
import { CatalogueImportRunsRepository } from '../repositories/catalogue-import-runs.repository.js';

export function demoLibraryDir(dataDir: string): string {
  return join(dataDir, 'demo-library');
}

/**
 * PostgreSQL: when the library's last run is still marked running but nobody holds the import lock,
 * its instance died mid-import (the database freed the lock with its connection); the import is
 * queued here and converges as after any interrupted run. Null when there is nothing to resume.
 */
export async function resumeAbandonedImport(app: FastifyInstance, root: string): Promise<ImportJob | null> {
  const runs = new CatalogueImportRunsRepository(app.db);
  const libraryId = await runs.findLibrary(await realpath(root).catch(() => root));
  if (libraryId === null || (await runs.lastRun(libraryId))?.status !== 'running') return null;
  const imports = app.services.imports;
  if (imports.hasLocalActive(root)) return null;
  if (!(await databaseImportLockFree(app.db))) return null;
  const job = await imports.enqueue(root, {
    keepWhenEmpty: true,
    settleMs: app.config.libraryWatch?.settleMs ?? 0,
    quietWhenBusyElsewhere: true,
  });
  app.log
    .child({ module: 'imports' })
    .warn({ job: job.id, root }, 'resuming an import another instance left unfinished');
  return job;
}

export async function scheduleStartupImports(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const log = app.log.child({ module: 'imports' });
  // The console's folders are watched by one instance (whichever holds their lease).
  await app.services.imports
    .watchFolders(config.libraryWatch ?? LIBRARY_WATCH_DEFAULTS, config.libraryDir ?? null)
    .catch((error: unknown) => log.warn({ err: error }, 'the console library folders cannot be watched'));
  if (config.libraryDir) {
    const watch = config.libraryWatch;
    // Watching starts first, so nothing copied in while the start-up import runs is missed.
    if (watch?.enabled) {
      await app.services.imports
        .watch(config.libraryDir, watch)
        .catch((error: unknown) => log.warn({ err: error }, 'the library folder cannot be watched'));
    }
    // Every instance queues it; on a cluster the one holding the import lock runs it and the
    // others' jobs leave no row (quietWhenBusyElsewhere), so the console lists one start-up import.
    const job = await app.services.imports.enqueue(config.libraryDir, {
      settleMs: watch?.settleMs ?? 0,
      keepWhenEmpty: true,
      quietWhenBusyElsewhere: true,
    });
    log.info({ job: job.id, root: config.libraryDir }, 'library import queued (LIBRARY_DIR)');
    // Several instances (PostgreSQL): an import whose instance died is resumed by a live one.
    if (config.databaseUrl) {
      const root = config.libraryDir;
      const everyS = config.jobs?.leaseS ?? DEFAULT_JOBS_CONFIG.leaseS;
      await runPeriodically(app, JOBS.importResume, everyS, () => resumeAbandonedImport(app, root), {
        runAtStart: false,
      });
    }
    return;
  }
  if (!config.demoLibrary) return;
  const root = demoLibraryDir(config.dataDir);
  const runs = new CatalogueImportRunsRepository(app.db);
  const libraryId = await runs.findLibrary(root);
  const last = libraryId === null ? undefined : await runs.lastRun(libraryId);
  const works = await app.db.selectFrom('works').select('id').limit(1).execute();
  // A demo run that was cut short (status interrupted or running) is resumed.
  if (last?.status === 'done' || (works.length > 0 && !last)) return;
  const job = await app.services.imports.enqueue(root, { demo: true });
  log.info({ job: job.id, root }, 'demo library import queued (DEMO_LIBRARY=off disables it)');
}
