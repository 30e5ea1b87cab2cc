/**
 * What the server imports by itself once it is listening (so /healthz answers at once):
 * LIBRARY_DIR when set, at every start (incremental, so cheap when nothing changed); otherwise,
 * with DEMO_LIBRARY on, the generated demo library when the catalogue is empty and the demo has
 * never been imported.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CatalogueImportRunsRepository } from '../repositories/catalogue-import-runs.repository.js';

export function demoLibraryDir(dataDir: string): string {
  return join(dataDir, 'demo-library');
}

export async function scheduleStartupImports(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const log = app.log.child({ module: 'imports' });
  if (config.libraryDir) {
    const job = app.services.imports.enqueue(config.libraryDir);
    log.info({ job: job.id, root: config.libraryDir }, 'library import queued (LIBRARY_DIR)');
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
  const job = app.services.imports.enqueue(root, { demo: true });
  log.info({ job: job.id, root }, 'demo library import queued (DEMO_LIBRARY=off disables it)');
}
