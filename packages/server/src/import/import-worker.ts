/**
 * The body of a background import: runs in a worker thread with its own database connection, so
 * decoding and hashing never block the server's event loop. Reports progress and the summary to
 * the parent by message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../db/database.js';
import { generateDemoLibrary } from '../demo/demo-library.js';
import { createMediaStore } from '../media/create-media-store.js';
import type { MediaStoreConfig } from '../media/media-store-config.js';
import { ImportBusyError } from './import-lock.js';
import type { ImportProgress, ImportSummary } from './import-types.js';
import { runImport } from './library-importer.js';

export interface ImportWorkerInput {
  root: string;
  dataDir: string;
  databaseUrl: string | null;
  sqlitePath: string;
  pgSchema: string | null;
  xorKey: number;
  /** Generate the demo library into `root` first (when missing). */
  demo: boolean;
  /** Wait for files still being copied (library-importer's settleMs); 0 or absent: no wait. */
  settleMs?: number;
  /** Refuse to empty the catalogue from an empty folder (library-importer's keepWhenEmpty). */
  keepWhenEmpty?: boolean;
  /** Where media goes (local files or S3): the server's store settings; absent: local files under dataDir. */
  mediaStore?: MediaStoreConfig;
  /** Read every file again (library-importer's rereadAll). */
  rereadAll?: boolean;
  /** Wait for another instance's or process's import instead of failing (an operator's scan). */
  waitForLock?: boolean;
  /** Remove every work of the folder (library-importer's removeAll). */
  removeAll?: boolean;
}

export type ImportWorkerMessage =
  /** The run holds the catalogue's import lock: from here on it is running, not queued. */
  | { type: 'locked' }
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; summary: ImportSummary }
  /** `busyElsewhere`: another server instance holds the catalogue's import lock (PostgreSQL). */
  | { type: 'failed'; reason: string; busyElsewhere?: boolean };

async function work(input: ImportWorkerInput): Promise<void> {
  const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);
  const db = createDatabase(
    { databaseUrl: input.databaseUrl, sqlitePath: input.sqlitePath },
    input.pgSchema ? { pgSchema: input.pgSchema } : {},
  );
  const media = createMediaStore(input);
  try {
    if (input.demo) {
      post({
        type: 'progress',
        progress: { phase: 'scanning', done: 0, total: 0, current: 'generating the demo library' },
      });
      await generateDemoLibrary(input.root);
    }
    let last = 0;
    const summary = await runImport({
      root: input.root,
      db,
      media,
      xorKey: input.xorKey,
      dataDir: input.dataDir,
      // Two workers' worth of files at once: the server keeps the rest of the machine.
      concurrency: 2,
      settleMs: input.settleMs ?? 0,
      keepWhenEmpty: input.keepWhenEmpty ?? false,
      rereadAll: input.rereadAll ?? false,
      removeAll: input.removeAll ?? false,
      onLocked: () => post({ type: 'locked' }),
      ...(input.waitForLock
        ? {
            waitForLock: {
              onWaiting: () =>
                post({
                  type: 'progress',
                  progress: {
                    phase: 'waiting',
                    done: 0,
                    total: 0,
                    current: 'another import is running; this one starts when it has finished',
                  },
                }),
            },
          }
        : {}),
      onProgress: (progress) => {
        const now = Date.now();
        if (now - last < 200 && progress.phase === 'importing') return;
        last = now;
        post({ type: 'progress', progress });
      },
    });
    post({ type: 'done', summary });
  } catch (error) {
    post({
      type: 'failed',
      reason: error instanceof Error ? error.message : String(error),
      busyElsewhere: error instanceof ImportBusyError && error.pid === null,
    });
  } finally {
    await db.destroy();
    media.close?.();
  }
}

await work(workerData as ImportWorkerInput);
