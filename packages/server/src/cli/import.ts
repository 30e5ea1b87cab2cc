/**
 * `npm run import -- [--json] <dir>`: imports a library folder into the catalogue of DATA_DIR /
 * DATABASE_URL (the server's configuration), running migrations first. A progress bar on a TTY,
 * then a summary; with --json, exactly one JSON object on stdout and nothing else.
 */
import { resolve } from 'node:path';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { ImportError, runImport } from '../import/library-importer.js';
import { ImportBusyError } from '../import/import-lock.js';
import { summaryJson, summaryText } from '../import/import-output.js';
import { createMediaStore } from '../media/create-media-store.js';
import { loadConfigOrReport, parseFolderArgs } from './cli-input.js';
import { ProgressBar } from './progress-bar.js';

const USAGE = 'usage: npm run import -- [--json] <library folder>\n';

async function main(): Promise<number> {
  const command = parseFolderArgs(process.argv.slice(2), USAGE, 'library folder');
  if ('exitCode' in command) return command.exitCode;
  const { json, fail } = command;
  const config = loadConfigOrReport(fail);
  if (!config) return 1;
  const db = createDatabase(config);
  const media = createMediaStore(config);
  try {
    await migrateToLatest(db);
    const bar = !json && process.stderr.isTTY ? new ProgressBar(process.stderr) : null;
    const summary = await runImport({
      root: resolve(command.folder),
      db,
      media,
      xorKey: config.imageXorKey,
      dataDir: config.dataDir,
      ...(bar ? { onProgress: (p) => bar.update(p) } : {}),
    });
    bar?.clear();
    process.stdout.write(json ? `${JSON.stringify(summaryJson(summary))}\n` : summaryText(summary));
    return 0;
  } catch (error) {
    if (error instanceof ImportError || error instanceof ImportBusyError) return fail(error.message);
    return fail(`import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await db.destroy();
    media.close?.();
  }
}

process.exitCode = await main();
