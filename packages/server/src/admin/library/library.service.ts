/**
 * Library section: the folders the server imports (library-folders.service.ts), scans started on
 * the real import queue (ImportJobService: one worker thread, the cross-process import lock), live
 * job progress, run history from import_runs, and the transcode queue with retry of a failed
 * episode.
 *
 * A "full rescan" forgets the size and time recorded for each file of the library (in the change's
 * transaction) before queueing, so the run reads every file again instead of skipping unchanged ones.
 */
import { resolve } from 'node:path';
import type { Database } from '../../db/database.js';
import type { ImportJob } from '../../import/import-job.js';
import type { ImportJobService } from '../../import/import-job.service.js';
import type { ImportSummary } from '../../import/import-types.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import type { FolderPaths } from './folder-paths.js';
import { LibraryFoldersService } from './library-folders.service.js';
import type { LibraryRepository, TranscodeFilter } from './library.repository.js';

/** A job as the console shows it (times in ms, as the queue keeps them). */
export function jobView(job: ImportJob) {
  const p = job.progress;
  const percent =
    job.state === 'done' ? 100 : p && p.total > 0 ? Math.min(99, Math.floor((p.done / p.total) * 100)) : 0;
  return {
    id: job.id,
    root: job.root,
    state: job.state,
    phase: p?.phase ?? null,
    done: p?.done ?? 0,
    total: p?.total ?? 0,
    current: p?.current ?? null,
    percent,
    reason: job.reason,
    queuedAt: job.queuedAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    summary: job.summary
      ? {
          files: job.summary.files,
          works: job.summary.works,
          chapters: job.summary.chapters,
          failed: job.summary.failed,
          durationMs: job.summary.durationMs,
        }
      : null,
  };
}

function parseSummary(text: string): Partial<ImportSummary> | null {
  try {
    const value = JSON.parse(text) as Partial<ImportSummary>;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

export class LibraryService {
  readonly folders: LibraryFoldersService;
  private readonly libraryDir: string | null;

  constructor(
    private readonly repo: LibraryRepository,
    paths: FolderPaths,
    private readonly imports: Pick<
      ImportJobService,
      'enqueue' | 'list' | 'get' | 'watching' | 'refreshFolderWatch'
    >,
    dirs: { libraryDir: string | null; dataDir: string | null },
  ) {
    this.libraryDir = dirs.libraryDir;
    this.folders = new LibraryFoldersService(repo, paths, imports, dirs);
  }

  async jobs() {
    return (await this.imports.list()).map(jobView);
  }

  async job(id: number) {
    const job = await this.imports.get(id);
    if (!job) throw AdminErrors.notFound('import job');
    return jobView(job);
  }

  /**
   * Prepares an import of a known folder (`libraryId`, or LIBRARY_DIR when omitted); `full` makes
   * the run re-read every file (the run itself forgets the fingerprints, under the import lock, so
   * another instance's run cannot read the files first). Only folders the server already knows can
   * be scanned: the console never names a path. The job is queued by `enqueue` once this
   * transaction (the audit entry) has committed.
   */
  async prepareScan(trx: Database, audit: Audit, input: { libraryId?: number; full: boolean }) {
    let root: string;
    let libraryId: number | null = null;
    let addedInConsole = false;
    if (input.libraryId !== undefined) {
      const lib = await this.repo.library(trx, input.libraryId);
      if (!lib || lib.removed_time !== null) throw AdminErrors.notFound('library folder');
      root = lib.root;
      libraryId = lib.id;
      addedInConsole = lib.console === 1;
    } else {
      if (!this.libraryDir)
        throw AdminErrors.invalid('LIBRARY_DIR is not set: name a library folder (libraryId)');
      root = this.libraryDir;
      libraryId = (await this.repo.libraries(trx)).find((l) => resolve(l.root) === root)?.id ?? null;
    }
    const toReread = input.full && libraryId !== null ? await this.repo.fileCount(trx, libraryId) : 0;
    await audit({
      action: input.full ? 'library.rescan' : 'library.scan',
      targetType: 'library',
      targetId: String(libraryId ?? root),
      before: null,
      after: { root, full: input.full, filesToReread: toReread },
    });
    // An emptied console folder (an unmounted share) must not empty the catalogue either.
    return { root, keepWhenEmpty: addedInConsole || root === this.libraryDir };
  }

  /**
   * An operator's scan: shown in the list whatever happens, and on a cluster queued behind another
   * instance's import (it waits for the lock) rather than refused.
   */
  async enqueue(scan: { root: string; keepWhenEmpty: boolean }, full: boolean) {
    return jobView(
      await this.imports.enqueue(scan.root, {
        keepWhenEmpty: scan.keepWhenEmpty,
        rereadAll: full,
        waitForLock: true,
      }),
    );
  }

  /** The run that takes a removed folder's works out of the catalogue (behind any running import). */
  async enqueueRemoval(root: string) {
    return jobView(await this.imports.enqueue(root, { removeAll: true, waitForLock: true }));
  }

  /** The watchers follow a folder added, removed or switched (on the instance watching them). */
  refreshWatch(): Promise<void> {
    return this.imports.refreshFolderWatch();
  }

  /** Past runs with their counts and failures (the summary the importer stored). */
  async runs(page: number, size: number, libraryId?: number) {
    const { rows, total } = await this.repo.runs((page - 1) * size, size, libraryId);
    return {
      total,
      rows: rows.map(({ summary, ...row }) => {
        const s = parseSummary(summary);
        return {
          ...row,
          files: s?.files ?? null,
          works: s?.works ?? null,
          chapters: s?.chapters ?? null,
          failed: s?.failed ?? [],
          durationMs: s?.durationMs ?? null,
        };
      }),
    };
  }

  transcodes(filter: TranscodeFilter, page: number, size: number) {
    return this.repo.transcodes(filter, (page - 1) * size, size);
  }

  async retryTranscode(trx: Database, audit: Audit, chapterId: number) {
    const job = await this.repo.transcode(trx, chapterId);
    if (!job) throw AdminErrors.notFound('transcode job');
    if (job.status !== 'failed')
      throw AdminErrors.conflict(`Only a failed job can be retried (this one is ${job.status})`);
    await this.repo.retry(trx, chapterId);
    await audit({
      action: 'transcode.retry',
      targetType: 'chapter',
      targetId: String(chapterId),
      before: { status: job.status, reason: job.reason },
      after: { status: 'waiting' },
    });
    return { status: 'waiting' as const };
  }
}
