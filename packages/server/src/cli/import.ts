/**
 * `npm run import -- [--json] <dir>`: imports a library folder into the catalogue of DATA_DIR /
 * DATABASE_URL (the server's configuration), running migrations first. A progress bar on a TTY,
 * then a summary; with --json, exactly one JSON object on stdout and nothing else.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { ImportError, runImport } from '../import/library-importer.js';
import { ImportBusyError } from '../import/import-lock.js';
import { summaryJson, summaryText } from '../import/import-output.js';
import { createMediaStore } from '../media/create-media-store.js';
import { ProgressBar } from './progress-bar.js';

const USAGE = 'usage: npm run import -- [--json] <library folder>\n';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const positional = args.filter((a) => !a.startsWith('--'));
  const fail = (message: string): number => {
    if (json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    else process.stderr.write(`${message}\n`);
    return 1;
  };
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--json');
  if (unknown.length > 0) return fail(`unknown option ${unknown[0]}\n${USAGE}`);
  if (positional.length !== 1) return fail(`give exactly one library folder\n${USAGE}`);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  const db = createDatabase(config);
  const media = createMediaStore(config);
  try {
    await migrateToLatest(db);
    const bar = !json && process.stderr.isTTY ? new ProgressBar(process.stderr) : null;
    const summary = await runImport({
      root: resolve(positional[0]!),
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
