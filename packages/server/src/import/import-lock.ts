/**
 * One import at a time per catalogue. On SQLite (one machine) per DATA_DIR, across processes (the
 * CLI beside a running server): a lock file holding the owner's pid; a lock whose owner is gone
 * (killed mid-import) is taken over, so a crash never blocks the next run. On PostgreSQL (several
 * machines share the catalogue) a session-level advisory lock held by the importing connection for
 * the whole run: another instance's import is refused, and when the holder dies its connection
 * goes and the database frees the lock.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export class ImportBusyError extends Error {
  /** `pid` is the holder's process on this machine; null when it holds the database lock elsewhere. */
  constructor(readonly pid: number | null) {
    super(
      pid === null
        ? 'another import is running (on another server instance); try again when it has finished'
        : `another import is running (process ${pid}); try again when it has finished`,
    );
    this.name = 'ImportBusyError';
  }
}

/** The advisory lock's key: one per catalogue, i.e. per database schema. */
export const IMPORT_LOCK_KEY = sql<number>`hashtext('dm51-import:' || current_schema())`;

/**
 * Runs `work` holding the catalogue's import lock on one connection of `db` (PostgreSQL). The
 * connection is kept for the whole run (the lock belongs to its session); `work` uses the pool's
 * other connections.
 */
export async function withDatabaseImportLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${IMPORT_LOCK_KEY}) as locked`.execute(connection);
    if (!rows[0]?.locked) throw new ImportBusyError(null);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${IMPORT_LOCK_KEY})`.execute(connection).catch(() => undefined);
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockPath(dataDir: string): string {
  return join(dataDir, 'import.lock');
}

export async function acquireImportLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new ImportBusyError(owner);
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not take the import lock at ${path}`);
}

/** Drops a lock this process holds (a worker that was terminated could not release its own). */
export async function releaseOwnLock(dataDir: string): Promise<void> {
  const path = lockPath(dataDir);
  const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
  if (owner === process.pid) await rm(path, { force: true });
}

/** Whether no instance holds the catalogue's import lock right now (PostgreSQL). */
export async function databaseImportLockFree(db: Database): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${IMPORT_LOCK_KEY}) as locked`.execute(connection);
    if (!rows[0]?.locked) return false;
    await sql`select pg_advisory_unlock(${IMPORT_LOCK_KEY})`.execute(connection);
    return true;
  });
}
