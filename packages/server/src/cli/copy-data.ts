/**
 * `npm run copy-data -- [--json] <embedded data folder>`: moves an embedded install (the SQLite
 * database and local media under its DATA_DIR) to the scaled deployment configured in the
 * environment, exactly as its instances will run: DATABASE_URL (PostgreSQL) and the media store
 * (MEDIA_STORE=s3 and the S3_* variables). Both databases are migrated to this version first, the
 * rows are copied in one transaction, then every media object. Stop the embedded server first.
 * The instances must keep the embedded server's keys (ENVELOPE_KEY, API_KEY, IMAGE_XOR_KEY, …).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CopyRefusedError, copySqliteToPostgres } from '../db/copy-database.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { copyMedia } from '../media/copy-media.js';
import { createMediaStore } from '../media/create-media-store.js';
import { LocalMediaStore } from '../media/local-media-store.js';
import { loadConfigOrReport, parseFolderArgs } from './cli-input.js';

const USAGE =
  'usage: DATABASE_URL=postgres://… MEDIA_STORE=s3 S3_…=… npm run copy-data -- [--json] <embedded data folder>\n';

async function main(): Promise<number> {
  const command = parseFolderArgs(process.argv.slice(2), USAGE, 'embedded data folder');
  if ('exitCode' in command) return command.exitCode;
  const { json, fail } = command;
  const say = (line: string) => {
    if (!json) process.stderr.write(`${line}\n`);
  };
  const sourceDir = resolve(command.folder);
  const sqlitePath = join(sourceDir, 'app.db');
  if (!existsSync(sqlitePath)) return fail(`${sqlitePath} does not exist: is ${sourceDir} a DATA_DIR?`);

  const config = loadConfigOrReport(fail);
  if (!config) return 1;
  if (!config.databaseUrl) return fail(`DATABASE_URL is not set: the copy goes into PostgreSQL\n${USAGE}`);
  if (config.mediaStore?.kind !== 's3' && resolve(config.dataDir) === sourceDir) {
    return fail(
      'the target media store is the source folder itself: set MEDIA_STORE=s3 (or another DATA_DIR)',
    );
  }

  const targetMedia = createMediaStore(config);

  // The source is brought to this version first, as starting this version of the server would.
  const sourceDb = createDatabase({ databaseUrl: null, sqlitePath });
  try {
    await migrateToLatest(sourceDb);
  } finally {
    await sourceDb.destroy();
  }
  const targetDb = createDatabase(config);
  try {
    await migrateToLatest(targetDb);
    say(`copying the database into ${new URL(config.databaseUrl).pathname.slice(1) || 'PostgreSQL'}…`);
    const database = await copySqliteToPostgres(sqlitePath, targetDb as never, (table) =>
      say(`  ${table.table}: ${table.rows} rows`),
    );
    say('copying media…');
    const media = await copyMedia(new LocalMediaStore(join(sourceDir, 'media')), targetMedia, (done) => {
      if (done % 500 === 0) say(`  ${done} objects`);
    });
    const rows = database.tables.reduce((sum, table) => sum + table.rows, 0);
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ tables: database.tables, skipped: database.skipped, rows, media })}\n`,
      );
    } else {
      process.stdout.write(
        `copied ${rows} rows in ${database.tables.length} tables` +
          (database.skipped.length > 0 ? ` (left out, SQLite only: ${database.skipped.join(', ')})` : '') +
          `; media: ${media.copied} objects copied (${(media.bytes / 1024 / 1024).toFixed(1)} MiB), ` +
          `${media.alreadyThere} already there\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof CopyRefusedError) return fail(error.message);
    return fail(`copy failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await targetDb.destroy();
    targetMedia.close?.();
  }
}

process.exitCode = await main();
