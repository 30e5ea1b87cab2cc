/**
 * Anime for browser tests: short clips made by ffmpeg, imported from a library folder the way an
 * operator's is, and waited for until the server has packaged them for HLS.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrator.js';
import { runImport } from '../../packages/server/src/import/library-importer.js';
import { LocalMediaStore } from '../../packages/server/src/media/local-media-store.js';
import { queryServerDb } from './import-status.js';
import { E2E_KEYS, type RunningServer } from './server.js';

/** An H.264/AAC clip of a test pattern and a tone (640×480 is packaged as 480p and 360p). */
export function writeClip(path: string, seconds: number, size = '640x480'): void {
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=24:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '48', '-c:a', 'aac', '-shortest', path],
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
}

/**
 * Imports `dataDir/library` into the data folder's database, before the server starts on it, and
 * answers the first anime's id and its episodes in order. Works made in the database after this
 * are not the library's to manage.
 */
export async function importAnimeLibrary(dataDir: string): Promise<{ workId: number; episodeIds: number[] }> {
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    await runImport({
      root: join(dataDir, 'library'),
      db,
      media: new LocalMediaStore(join(dataDir, 'media')),
      xorKey: E2E_KEYS.imageXorKey,
      dataDir,
    });
    const work = await db.selectFrom('works').select('id').where('type', '=', 2).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('chapters')
      .select('id')
      .where('work_id', '=', work.id)
      .orderBy('sort_order')
      .execute();
    return { workId: work.id, episodeIds: rows.map((row) => row.id) };
  } finally {
    await db.destroy();
  }
}

/** Sets episodes' price in the data folder's database (2: VIP; paid episodes are AES-128 encrypted). */
export async function setEpisodePay(
  dataDir: string,
  episodeIds: readonly number[],
  pay: number,
): Promise<void> {
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  try {
    await db
      .updateTable('chapters')
      .set({ pay })
      .where('id', 'in', [...episodeIds])
      .execute();
  } finally {
    await db.destroy();
  }
}

/** Waits until the running server has packaged every episode (or given up on one). */
export async function waitForPackaging(server: RunningServer, episodeIds: readonly number[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const states = episodeIds.map(
      (id) =>
        queryServerDb<{ status: string }>(
          server,
          `select status from transcode_jobs where chapter_id = ${id}`,
        )[0]?.status,
    );
    if (states.every((state) => state === 'ready' || state === 'failed')) return;
    if (Date.now() > deadline) throw new Error(`transcode jobs not finished: ${states.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
