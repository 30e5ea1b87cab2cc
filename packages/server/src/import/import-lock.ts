/**
 * One import at a time per DATA_DIR, across processes (the CLI beside a running server): a lock
 * file holding the owner's pid. A lock whose owner is gone (killed mid-import) is taken over, so a
 * crash never blocks the next run.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export class ImportBusyError extends Error {
  constructor(readonly pid: number) {
    super(`another import is running (process ${pid}); try again when it has finished`);
    this.name = 'ImportBusyError';
  }
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
