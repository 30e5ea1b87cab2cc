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

/** How often a run that waits for the lock asks for it again. */
const LOCK_RETRY_MS = 1_000;

/**
 * Runs `work` holding the catalogue's import lock on one connection of `db` (PostgreSQL). The
 * connection is kept for the whole run (the lock belongs to its session); `work` uses the pool's
 * other connections. Refused at once when another session holds it, unless `wait` is given: then
 * `wait.onWaiting` is told once and the lock is asked for again every second until it is free (a
 * try-lock loop rather than a blocking lock, so the waiting connection is never stuck in the server).
 */
export async function withDatabaseImportLock<T>(
  db: Database,
  work: () => Promise<T>,
  wait?: { onWaiting: () => void },
): Promise<T> {
  return db.connection().execute(async (connection) => {
    const tryLock = async () =>
      (
        await sql<{ locked: boolean }>`select pg_try_advisory_lock(${IMPORT_LOCK_KEY}) as locked`.execute(
          connection,
        )
      ).rows[0]?.locked === true;
    let locked = await tryLock();
    if (!locked && !wait) throw new ImportBusyError(null);
    if (!locked) wait?.onWaiting();
    while (!locked) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      locked = await tryLock();
    }
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

/**
 * The lock file, waiting while another live process holds it when `wait` is given (told once),
 * asking again every second; refused at once otherwise.
 */
export async function acquireImportLockWaiting(
  dataDir: string,
  wait?: { onWaiting: () => void },
): Promise<() => Promise<void>> {
  for (let told = false; ;) {
    try {
      return await acquireImportLock(dataDir);
    } catch (error) {
      if (!(error instanceof ImportBusyError) || !wait) throw error;
      if (!told) wait.onWaiting();
      told = true;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
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
