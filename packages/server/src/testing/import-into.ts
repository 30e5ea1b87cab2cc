/** Runs the importer in tests: a library folder into a test app's catalogue and media store. */
import type { TestApp } from './test-app.js';
import { runImport, type ImportOptions } from '../import/library-importer.js';
import type { ImportSummary } from '../import/import-types.js';

export function importInto(
  ctx: TestApp,
  root: string,
  options: Partial<Omit<ImportOptions, 'root'>> = {},
): Promise<ImportSummary> {
  return runImport({
    root,
    db: ctx.db,
    media: ctx.app.media,
    xorKey: ctx.config.imageXorKey,
    dataDir: ctx.config.dataDir,
    ...options,
  });
}
