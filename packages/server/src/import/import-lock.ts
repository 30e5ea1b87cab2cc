/**
 * One import at a time per catalogue. On SQLite (one machine) per DATA_DIR, across processes (the
 * CLI beside a running server): a lock file holding the owner's pid and process id; a lock whose
 * owner is gone (killed mid-import) is taken over, so a crash never blocks the next run, also when
 * the restarted server got the dead one's pid, as a container's main process always does. On
 * PostgreSQL (several machines share the catalogue) a session-level advisory lock held by the
 * importing connection for the whole run: another instance's import is refused, and when the
 * holder dies its connection goes and the database frees the lock.
 */
import { randomUUID } from 'node:crypto';
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

/**
 * Which process of a pid wrote a lock file. A pid alone cannot tell this process from the one
 * before it: a server restarted in a container is pid 1 (or whatever the image's init gives it)
 * again, and would find its own pid in the lock file a killed import left, "alive", forever.
 * Worker threads (which run the imports) inherit it through their copy of the environment.
 */
const PROCESS_ID = (process.env['DM51_LOCK_PROCESS_ID'] ??= randomUUID());

/** The lock file's owner: `<pid> <process id>` (a lock written before the id has the pid only). */
function parseOwner(text: string): { pid: number; processId: string | null } {
  const [pid, processId] = text.trim().split(/\s+/);
  return { pid: Number(pid), processId: processId ?? null };
}

/** Whether the lock's owner may still hold it: this very process, or another process alive. */
function ownerMayHold(owner: { pid: number; processId: string | null }): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  if (owner.pid === process.pid) return owner.processId === PROCESS_ID;
  return isAlive(owner.pid);
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
      await handle.writeFile(`${process.pid} ${PROCESS_ID}`);
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseOwner(await readFile(path, 'utf8').catch(() => ''));
      if (ownerMayHold(owner)) throw new ImportBusyError(owner.pid);
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
  const owner = parseOwner(await readFile(path, 'utf8').catch(() => ''));
  if (owner.pid === process.pid) await rm(path, { force: true });
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
