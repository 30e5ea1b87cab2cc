/**
 * The file-system side of adding a library folder: what the operator typed, checked on the server
 * (the console runs elsewhere and cannot see the server's disks). Resolves symbolic links, so a
 * folder reached by two paths is one folder and nesting is judged on the real paths.
 */
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

export type FolderProblem = 'not-absolute' | 'missing' | 'not-directory' | 'unreadable';

export class FolderPaths {
  /** The real path of a readable folder, or what is wrong with it. */
  async check(path: string): Promise<{ root: string } | { problem: FolderProblem }> {
    if (!isAbsolute(path)) return { problem: 'not-absolute' };
    let root: string;
    try {
      root = await realpath(path);
    } catch {
      return { problem: 'missing' };
    }
    if (!(await stat(root)).isDirectory()) return { problem: 'not-directory' };
    try {
      // Listing needs read, entering needs execute: the importer does both.
      await access(root, constants.R_OK | constants.X_OK);
    } catch {
      return { problem: 'unreadable' };
    }
    return { root };
  }

  /** The real path of a folder that may not exist (DATA_DIR, a library root): itself if it does not. */
  async real(path: string): Promise<string> {
    return realpath(path).catch(() => path);
  }
}

/** Whether `inner` is `outer` or lies somewhere below it (real, absolute paths). */
export function isWithin(inner: string, outer: string): boolean {
  if (inner === outer) return true;
  const rel = relative(outer, inner);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}
