/**
 * Library folders managed in the console: list (LIBRARY_DIR first, then every folder in use),
 * add (the path checked on the server), change (content kind, watching) and remove (its works
 * leave the catalogue only when the operator asks). The list lives in import_libraries, so every
 * instance of a cluster sees the same folders; the watching itself runs on one instance
 * (import/library-folder-watch.ts). Scans are queued by the routes once a change has committed.
 */
import { resolve } from 'node:path';
import { nowSeconds, type Database } from '../../db/database.js';
import { isImportKind, type ImportKind } from '../../import/import-types.js';
import type { ImportJobService } from '../../import/import-job.service.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import { isWithin, type FolderPaths, type FolderProblem } from './folder-paths.js';
import type { LibraryRepository } from './library.repository.js';

/** How often a folder's counts are read again while an import run is changing them. */
const RUNNING_COUNTS_MS = 60_000;

type FolderCounts = Awaited<ReturnType<LibraryRepository['folderCounts']>>;

export interface LibraryFolder {
  /** import_libraries.id; null for LIBRARY_DIR before its first run. */
  id: number | null;
  root: string;
  /** The folder LIBRARY_DIR names: configured in the environment, not changed here. */
  isLibraryDir: boolean;
  /** Added in the console (else registered by the importer: LIBRARY_DIR, the CLI, the demo). */
  addedInConsole: boolean;
  /** The content kind when the layout says nothing; null: by layout and file. */
  kind: ImportKind | null;
  /** Watching is on (LIBRARY_DIR: LIBRARY_WATCH, as this instance runs it). */
  watch: boolean;
  /** This instance is watching it right now (on a cluster one instance watches console folders). */
  watchedHere: boolean;
  files: number;
  failedFiles: number;
  /** Works with a file from this folder: what leaves the catalogue if it is removed with its works. */
  works: number;
  lastRun: { status: string; startedTime: number; finishedTime: number | null } | null;
}

export interface LibraryFolders {
  libraryDir: string | null;
  folders: LibraryFolder[];
}

const PROBLEMS: Record<FolderProblem, (path: string) => string> = {
  'not-absolute': (path) => `Give the folder's absolute path on the server (starting with /), not "${path}"`,
  missing: (path) => `There is no folder at ${path} on the server`,
  'not-directory': (path) => `${path} is a file, not a folder`,
  unreadable: (path) => `The server cannot read ${path}: check that its user may list and open it`,
};

export class LibraryFoldersService {
  private counts: {
    run: string;
    version: number;
    at: number;
    byLibrary: Map<number, FolderCounts>;
  } | null = null;

  constructor(
    private readonly repo: LibraryRepository,
    private readonly paths: FolderPaths,
    private readonly imports: Pick<ImportJobService, 'watching'>,
    private readonly dirs: { libraryDir: string | null; dataDir: string | null },
  ) {}

  /**
   * Each folder's counts, kept until what moves them moves (LibraryRepository.countsStamp): the
   * list is opened and polled while a scan runs, and counting reads every file row. While a run
   * is going the counts are read again at most every RUNNING_COUNTS_MS, so they follow the scan
   * without recounting for every poll; once it ends they are exact.
   */
  private async folderCounts(ids: number[]): Promise<Map<number, FolderCounts>> {
    const stamp = await this.repo.countsStamp();
    const kept = this.counts;
    const current =
      kept !== null &&
      kept.run === stamp.run &&
      (kept.version === stamp.version || (stamp.running && Date.now() - kept.at < RUNNING_COUNTS_MS)) &&
      ids.every((id) => kept.byLibrary.has(id));
    if (current) return kept.byLibrary;
    const byLibrary = new Map<number, FolderCounts>();
    for (const id of ids) byLibrary.set(id, await this.repo.folderCounts(id));
    this.counts = { ...stamp, at: Date.now(), byLibrary };
    return byLibrary;
  }

  private isLibraryDir(root: string): boolean {
    return this.dirs.libraryDir !== null && resolve(root) === this.dirs.libraryDir;
  }

  async folders(): Promise<LibraryFolders> {
    const [libraries, lastRuns] = await Promise.all([this.repo.libraries(), this.repo.lastRuns()]);
    const counts = await this.folderCounts(libraries.map((lib) => lib.id));
    const watching = new Set(this.imports.watching());
    const folders: LibraryFolder[] = [];
    for (const lib of libraries) {
      const isLibraryDir = this.isLibraryDir(lib.root);
      const run = lastRuns.get(lib.id);
      folders.push({
        id: lib.id,
        root: lib.root,
        isLibraryDir,
        addedInConsole: lib.console === 1,
        kind: isImportKind(lib.kind) ? lib.kind : null,
        watch: isLibraryDir ? watching.has(this.dirs.libraryDir!) : lib.watch === 1,
        watchedHere: watching.has(lib.root),
        files: counts.get(lib.id)?.files ?? 0,
        failedFiles: counts.get(lib.id)?.failed ?? 0,
        works: counts.get(lib.id)?.works ?? 0,
        lastRun: run
          ? { status: run.status, startedTime: run.started_time, finishedTime: run.finished_time }
          : null,
      });
    }
    const libraryDir = this.dirs.libraryDir;
    if (libraryDir && !folders.some((f) => f.isLibraryDir)) {
      const watched = watching.has(libraryDir);
      folders.unshift({
        id: null,
        root: libraryDir,
        isLibraryDir: true,
        addedInConsole: false,
        kind: null,
        watch: watched,
        watchedHere: watched,
        files: 0,
        failedFiles: 0,
        works: 0,
        lastRun: null,
      });
    }
    // LIBRARY_DIR first: it is the configured folder, the others were added to it.
    folders.sort((a, b) => Number(b.isLibraryDir) - Number(a.isLibraryDir));
    return { libraryDir, folders };
  }

  /**
   * Adds a folder after checking it on the server: a readable folder, outside DATA_DIR (media and
   * the database live there), neither a library already nor inside one or around one (the same
   * files would be two works). A folder removed before is taken back with its history.
   */
  async add(trx: Database, audit: Audit, input: { path: string; kind: ImportKind | null; watch: boolean }) {
    const checked = await this.paths.check(input.path.trim());
    if ('problem' in checked) throw AdminErrors.invalid(PROBLEMS[checked.problem](input.path.trim()));
    const root = checked.root;
    if (this.dirs.dataDir) {
      const dataDir = await this.paths.real(resolve(this.dirs.dataDir));
      if (isWithin(root, dataDir))
        throw AdminErrors.invalid(
          `${root} is inside the data directory (${dataDir}): keep libraries outside it`,
        );
      if (isWithin(dataDir, root))
        throw AdminErrors.invalid(`${root} holds the data directory (${dataDir}): choose a folder beside it`);
    }
    const others = (await this.repo.libraries(trx)).map((l) => l.root);
    if (this.dirs.libraryDir) others.push(await this.paths.real(this.dirs.libraryDir));
    for (const other of others) {
      const real = await this.paths.real(other);
      if (real === root) throw AdminErrors.conflict(`${root} is already a library folder`);
      if (isWithin(root, real)) throw AdminErrors.conflict(`${root} is inside the library folder ${real}`);
      if (isWithin(real, root)) throw AdminErrors.conflict(`${root} holds the library folder ${real}`);
    }
    const removed = await this.repo.libraryByRoot(trx, root);
    let id: number;
    if (removed) {
      id = removed.id;
      await this.repo.updateLibrary(trx, id, {
        kind: input.kind,
        watch: input.watch,
        console: true,
        removedTime: null,
      });
    } else {
      id = await this.repo.addLibrary(trx, { root, kind: input.kind, watch: input.watch }, nowSeconds());
    }
    await audit({
      action: 'library.folder_add',
      targetType: 'library',
      targetId: String(id),
      before: null,
      after: { root, kind: input.kind, watch: input.watch },
    });
    return { id, root };
  }

  /** A folder in use that the console may change (LIBRARY_DIR is the environment's). */
  private async changeable(trx: Database, id: number) {
    const lib = await this.repo.library(trx, id);
    if (!lib || lib.removed_time !== null) throw AdminErrors.notFound('library folder');
    if (this.isLibraryDir(lib.root))
      throw AdminErrors.conflict(
        'This is the LIBRARY_DIR folder: it is set in the environment (LIBRARY_DIR, LIBRARY_WATCH), not here',
      );
    return lib;
  }

  /** Changes kind and watching; says whether the kind changed (the files must then be read again). */
  async update(
    trx: Database,
    audit: Audit,
    id: number,
    input: { kind?: ImportKind | null; watch?: boolean },
  ) {
    const lib = await this.changeable(trx, id);
    const before = { kind: isImportKind(lib.kind) ? lib.kind : null, watch: lib.watch === 1 };
    const after = {
      kind: input.kind === undefined ? before.kind : input.kind,
      watch: input.watch ?? before.watch,
    };
    await this.repo.updateLibrary(trx, id, after);
    await audit({
      action: 'library.folder_update',
      targetType: 'library',
      targetId: String(id),
      before,
      after,
    });
    return { root: lib.root, kindChanged: after.kind !== before.kind };
  }

  /**
   * Takes a folder out of the list: no longer watched or scanned. Its works stay in the catalogue
   * unless `removeWorks` (then the route queues the run that removes them).
   */
  async remove(trx: Database, audit: Audit, id: number, input: { removeWorks: boolean }) {
    const lib = await this.changeable(trx, id);
    const files = await this.repo.fileCount(trx, id);
    const works = await this.repo.workCount(trx, id);
    await this.repo.updateLibrary(trx, id, { watch: false, removedTime: nowSeconds() });
    await audit({
      action: 'library.folder_remove',
      targetType: 'library',
      targetId: String(id),
      before: { root: lib.root, files, works },
      after: { removeWorks: input.removeWorks },
    });
    return { root: lib.root, files, works };
  }
}
