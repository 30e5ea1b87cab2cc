/**
 * One import run over a library folder: walk → compare with what library_files remembers → read,
 * render and store each new or changed file (several at a time) → commit each file in its own
 * transaction (one at a time) → remove what disappeared → collect orphan media → summary.
 *
 * Crash safety: media are content-addressed and written before the rows naming them; each file's
 * rows change in one transaction; a run left "running" by a crash is closed as interrupted by the
 * next one, which then always collects orphans. So kill -9 at any point, then rerun, converges.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import {
  DEFAULT_LIMITS,
  LibraryError,
  detectKindByContent,
  type ArchiveLimits,
  type PdfLimits,
} from '@dm51/library';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { LocalMediaStore } from '../media/local-media-store.js';
import type { MediaStore } from '../media/media-store.js';
import { CatalogueImportRunsRepository } from '../repositories/catalogue-import-runs.repository.js';
import { CatalogueImportRepository } from '../repositories/catalogue-import.repository.js';
import { createFollowNotifier } from '../services/follow.service.js';
import { prepareVideo } from './anime-preparer.js';
import { prepareComic } from './comic-preparer.js';
import { ImportCommitter, type FileIdentity } from './import-committer.js';
import { partialMd5OfFile, pathNameMd5 } from '../kosync/document-id.js';
import { isSqlite } from '../db/migrations/helpers.js';
import { acquireImportLockWaiting, withDatabaseImportLock } from './import-lock.js';
import { ImportReport } from './import-report.js';
import type { FileMeta, ImportKind, ImportProgress, ImportSummary, PreparedFile } from './import-types.js';
import { walkLibrary, type LibraryUnit } from './library-walker.js';
import {
  DEFAULT_RENDITION_LIMITS,
  IMPORT_MEDIA_PREFIX,
  MediaWriter,
  type RenditionLimits,
} from './media-renditions.js';
import { prepareEpub, prepareTxt } from './novel-preparer.js';
import { isPdfPath, preparePdf } from './pdf-preparer.js';
import { parseNfo } from './nfo.js';
import { emptyFileMeta } from './work-metadata.js';
import { markerPrice } from './work-naming.js';

export interface ImportOptions {
  /** The library folder. */
  root: string;
  db: Kysely<DB>;
  media: MediaStore;
  xorKey: number;
  /** Where the cross-process import lock lives (DATA_DIR). */
  dataDir: string;
  onProgress?: (progress: ImportProgress) => void;
  /** Files read and rendered at once; commits stay one at a time. */
  concurrency?: number;
  archiveLimits?: ArchiveLimits;
  pdfLimits?: PdfLimits;
  renditionLimits?: RenditionLimits;
  /**
   * A file written to less than this many ms ago is still being copied: the run waits for it to
   * settle (up to SETTLE_WAIT_FACTOR times this), and leaves what is still being written for the next
   * run, as it does a file that changes while it is read. 0 (the CLI) imports whatever is there.
   */
  settleMs?: number;
  /**
   * Refuse a run that finds the folder empty while the catalogue holds files from it: an unmounted
   * share or a mount point briefly empty must not wipe works, histories and shelves. The server's
   * runs set it; the CLI on an emptied folder removes its works, as asked.
   */
  keepWhenEmpty?: boolean;
  /**
   * Read every file again (the console's full rescan): the library's fingerprints are forgotten
   * inside the run, under the import lock, so no other run can read the files first and leave this
   * one nothing to do; an interrupted run leaves the rest forgotten for the next one.
   */
  rereadAll?: boolean;
  /**
   * When another instance (PostgreSQL) or process (SQLite: the CLI) holds the import lock, wait for
   * it (an operator's scan queued behind a running import) instead of failing at once; told when
   * the wait starts.
   */
  waitForLock?: { onWaiting: () => void };
  /** Told once the run holds the import lock (before it reads anything). */
  onLocked?: () => void;
  /**
   * Take every work of this folder out of the catalogue (the console's "remove with its works"):
   * the folder is not read (it may be gone), every file it gave is removed as if deleted.
   */
  removeAll?: boolean;
}

/** How long a run waits, in settle periods, for files being copied before it leaves them for later. */
const SETTLE_WAIT_FACTOR = 3;
/** Stored keys checked against the catalogue per query when collecting orphans. */
const ORPHAN_CHECK_BATCH = 500;

/**
 * Still being written: modified within the settle period. A modification time far in the future
 * (a wrong clock, a touched file) says nothing about a copy, so it does not hold the file back.
 */
function isFresh(unit: LibraryUnit, now: number, settleMs: number): boolean {
  const age = now - unit.mtimeMs;
  return age < settleMs && age > -settleMs;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof LibraryError) return error.reason;
  if (error instanceof ImportError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `unexpected error: ${message}`;
}

export async function runImport(options: ImportOptions): Promise<ImportSummary> {
  let root: string;
  try {
    root = await realpath(options.root);
    if (!(await stat(root)).isDirectory()) throw new Error('not a folder');
  } catch {
    // Removing a folder's works needs no folder: it may be the reason it is removed.
    if (!options.removeAll) throw new ImportError(`library folder not found: ${options.root}`);
    root = options.root;
  }
  const locked = () => {
    options.onLocked?.();
    return new LibraryImport(root, options).run();
  };
  // PostgreSQL: the catalogue is shared by every instance, so the lock is the database's.
  if (!isSqlite(options.db)) return withDatabaseImportLock(options.db, locked, options.waitForLock);
  const release = await acquireImportLockWaiting(options.dataDir, options.waitForLock);
  options.onLocked?.();
  try {
    return await new LibraryImport(root, options).run();
  } finally {
    await release();
  }
}

class LibraryImport {
  private readonly repo: CatalogueImportRepository;
  private readonly runs: CatalogueImportRunsRepository;
  private readonly archiveLimits: ArchiveLimits;
  private readonly renditionLimits: RenditionLimits;
  /** Tells the followers of a work about its new chapters (community follows). */
  private readonly followers: ReturnType<typeof createFollowNotifier>;
  private report!: ImportReport;
  private prefix = '';
  private committer!: ImportCommitter;
  private commitChain: Promise<unknown> = Promise.resolve();
  private progress: ImportProgress = { phase: 'scanning', done: 0, total: 0, current: null };

  constructor(
    private readonly root: string,
    private readonly options: ImportOptions,
  ) {
    this.repo = new CatalogueImportRepository(options.db);
    this.runs = new CatalogueImportRunsRepository(options.db);
    this.archiveLimits = options.archiveLimits ?? DEFAULT_LIMITS;
    this.renditionLimits = options.renditionLimits ?? DEFAULT_RENDITION_LIMITS;
    this.followers = createFollowNotifier(options.db);
  }

  private emit(update: Partial<ImportProgress>): void {
    this.progress = { ...this.progress, ...update };
    this.options.onProgress?.(this.progress);
  }

  async run(): Promise<ImportSummary> {
    const started = Date.now();
    const time = () => Math.floor(Date.now() / 1000);
    const interrupted = await this.runs.closeInterruptedRuns(time());
    const libraryId = await this.runs.ensureLibrary(this.root, time());
    this.prefix = `${libraryId}/`;
    this.committer = new ImportCommitter(this.repo, this.prefix);
    this.report = new ImportReport(this.root, this.prefix);
    if (this.options.rereadAll) await this.repo.forgetFingerprints(this.prefix);
    const runId = await this.runs.startRun(libraryId, time());
    try {
      if (this.options.media instanceof LocalMediaStore) await this.options.media.removeStaleTempFiles();
      this.emit({ phase: 'scanning' });
      const kind = await this.runs.libraryKind(libraryId);
      const { units, unreadable, deferred } = this.options.removeAll
        ? { units: [], unreadable: [], deferred: [] }
        : await this.walkSettled(kind);
      for (const u of unreadable) this.report.fail(u.path, u.reason);
      const remembered = new Map((await this.repo.libraryFiles(this.prefix)).map((r) => [r.path, r]));

      const changed: LibraryUnit[] = [];
      const seen = new Set<string>();
      // A file still being copied keeps what it had (if anything) until a later run reads it whole.
      for (const unit of deferred) {
        seen.add(this.prefix + unit.rel);
        this.report.deferredFile();
      }
      for (const unit of units) {
        const path = this.prefix + unit.rel;
        seen.add(path);
        const before = remembered.get(path);
        if (before && before.size === unit.size && before.mtime_ms === unit.mtimeMs) {
          this.report.unchangedFile(before);
          if (before.status === 'ok' && unit.type !== 'work-folder' && !before.partial_md5)
            await this.takeDocumentIds(unit, path);
        } else changed.push(unit);
      }
      // A folder that could not be read this time says nothing about its files: they stay.
      const unreadableDirs = unreadable.map((u) => (u.path === '.' ? '' : u.path));
      const underUnreadable = (path: string) =>
        unreadableDirs.some(
          (dir) => dir === '' || path === this.prefix + dir || path.startsWith(`${this.prefix}${dir}/`),
        );
      const gone = [...remembered.values()].filter((r) => !seen.has(r.path) && !underUnreadable(r.path));
      if (this.options.keepWhenEmpty && seen.size === 0 && gone.length > 0) {
        throw new ImportError(
          `the library folder ${this.root} is empty but ${gone.length} file(s) were imported from it; ` +
            'nothing was removed (is it mounted?). Run `npm run import` on it to empty the catalogue on purpose',
        );
      }
      const chapterUnits = changed.filter((u) => u.type !== 'work-folder');
      const folderUnits = changed.filter((u) => u.type === 'work-folder');
      this.report.files.scanned = units.length;
      this.emit({ phase: 'importing', done: 0, total: changed.length + gone.length });

      await this.pool(chapterUnits, (unit) => this.importUnit(unit));
      await this.commitChain;
      for (const unit of folderUnits) await this.importFolder(unit);

      this.emit({ phase: 'removing' });
      for (const row of gone) {
        const result = await this.committer.removeFile(
          { path: row.path, kind: row.kind, size: row.size, mtimeMs: row.mtime_ms },
          null,
        );
        this.report.removedFile(row.kind === 'work-folder', result);
        this.emit({ done: this.progress.done + 1, current: row.path.slice(this.prefix.length) });
      }

      if (changed.length > 0 || gone.length > 0 || interrupted > 0) {
        this.emit({ phase: 'collecting', current: null });
        this.report.mediaCollected = await this.collectOrphans();
      }
      const summary = await this.report.finish(this.repo, Date.now() - started);
      await this.runs.finishRun(runId, 'done', JSON.stringify(summary), '', time());
      this.emit({ phase: 'done', current: null });
      return summary;
    } catch (error) {
      await this.runs.finishRun(runId, 'failed', '{}', reasonOf(error), time()).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Walks the library; with a settle period, waits while files are still being written (re-walking,
   * since a copy in progress may add more), then returns the settled units and defers the rest.
   */
  private async walkSettled(
    kind: ImportKind | null,
  ): Promise<Awaited<ReturnType<typeof walkLibrary>> & { deferred: LibraryUnit[] }> {
    const settleMs = this.options.settleMs ?? 0;
    let walk = await walkLibrary(this.root, kind);
    if (settleMs <= 0) return { ...walk, deferred: [] };
    const deadline = Date.now() + settleMs * SETTLE_WAIT_FACTOR;
    for (;;) {
      const now = Date.now();
      const fresh = walk.units.filter((unit) => isFresh(unit, now, settleMs));
      if (fresh.length === 0) return { ...walk, deferred: [] };
      if (now >= deadline) {
        const settled = walk.units.filter((unit) => !fresh.includes(unit));
        return { units: settled, unreadable: walk.unreadable, deferred: fresh };
      }
      this.emit({ phase: 'scanning', current: `waiting for ${fresh.length} file(s) still being written` });
      const youngest = Math.max(...fresh.map((unit) => unit.mtimeMs));
      await sleep(Math.min(Math.max(youngest + settleMs - now, 0) + 20, deadline - now));
      walk = await walkLibrary(this.root, kind);
    }
  }

  /**
   * A single-file unit whose size or modification time moved since the walk was being written
   * while we read it: what we read may be half of it, so it is neither committed nor recorded as
   * broken. Only with a settle period (the server's runs); the CLI takes what it read.
   */
  private async changedWhileRead(unit: LibraryUnit): Promise<boolean> {
    if ((this.options.settleMs ?? 0) <= 0) return false;
    if (unit.type !== 'archive' && unit.type !== 'epub' && unit.type !== 'txt') return false;
    try {
      const now = await stat(unit.abs);
      return now.size !== unit.size || Math.floor(now.mtimeMs) !== unit.mtimeMs;
    } catch {
      return true;
    }
  }

  /** Runs `work` over `items` with a fixed number in flight. */
  private async pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
    const size = Math.max(1, this.options.concurrency ?? Math.min(4, availableParallelism() + 1));
    let next = 0;
    const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    });
    await Promise.all(lanes);
  }

  /** Commits run one after another whatever order the reads finish in. */
  private serial<T>(commit: () => Promise<T>): Promise<T> {
    const result = this.commitChain.then(commit);
    this.commitChain = result.catch(() => undefined);
    return result;
  }

  /**
   * KOReader's ids of an unchanged file imported before they were taken: 11 KiB read, nothing
   * re-imported, so KOReader's progress sync finds the file from the next scan on.
   */
  private async takeDocumentIds(unit: LibraryUnit, path: string): Promise<void> {
    const partial = await partialMd5OfFile(unit.abs).catch(() => '');
    if (partial) await this.repo.setDocumentIds(path, partial, pathNameMd5(unit.abs));
  }

  private identity(unit: LibraryUnit, kind: string): FileIdentity {
    return { path: this.prefix + unit.rel, kind, size: unit.size, mtimeMs: unit.mtimeMs };
  }

  private async importUnit(unit: LibraryUnit): Promise<void> {
    this.emit({ current: unit.rel });
    let prepared: PreparedFile | null = null;
    let failure: string | null = null;
    let kind: string = unit.layoutKind ?? 'unknown';
    try {
      const resolved = await this.kindOf(unit);
      kind = resolved ?? kind;
      prepared = await this.prepare(unit, resolved);
    } catch (error) {
      failure = reasonOf(error);
    }
    if (await this.changedWhileRead(unit)) {
      this.report.deferredFile();
      this.emit({ done: this.progress.done + 1 });
      return;
    }
    try {
      if (prepared) {
        const done = prepared;
        // KOReader knows a copy of this file on an e-reader by these (kosync/).
        const identity = {
          ...this.identity(unit, done.kind),
          partialMd5: await partialMd5OfFile(unit.abs).catch(() => ''),
          nameMd5: pathNameMd5(unit.abs),
        };
        const result = await this.serial(() => this.committer.commitFile(identity, done));
        this.report.committed(unit.rel, done, result);
        // Only chapters new to an existing work are news; a new work has no followers yet.
        if (!result.workCreated && result.added.length > 0) {
          await this.followers.notifyNewChapters(
            result.workId,
            result.added.map((chapter) => chapter.id),
          );
        }
      } else {
        const result = await this.serial(() => this.committer.removeFile(this.identity(unit, kind), failure));
        this.report.failedFile(unit.rel, failure ?? 'unreadable', result);
      }
    } catch (error) {
      // A database error on one file is reported; the next file may still succeed.
      this.report.fail(unit.rel, reasonOf(error));
    }
    this.emit({ done: this.progress.done + 1 });
  }

  /** The kind a unit is read as: the layout's, unless the file plainly is something else. */
  private async kindOf(unit: LibraryUnit): Promise<ImportKind | null> {
    switch (unit.type) {
      case 'image-folder':
        return 'comic';
      case 'epub':
      case 'txt':
        return 'novel';
      case 'video':
        return 'anime';
      case 'archive': {
        if (isPdfPath(unit.rel)) {
          // Booklets and notes beside episodes are not works. Elsewhere preparePdf decides between
          // pages and novel text itself, so the file is not opened twice; this kind only labels a
          // PDF that fails.
          if (unit.layoutKind === 'anime') {
            throw new LibraryError('unsupported', 'unsupported file type: .pdf (in an anime folder)');
          }
          return unit.layoutKind ?? 'comic';
        }
        if (unit.layoutKind === 'comic') return 'comic';
        const detected = await detectKindByContent(unit.abs);
        // A tar (plain or compressed) outside the comics folder is anything (a backup, a source drop) unless it
        // holds pages; any other archive is read as a comic, whose reader says why it cannot be.
        if (detected !== 'comic' && /\.(tar(\.(gz|bz2|xz|zst))?|tgz|tbz2?|txz|tzst)$/i.test(unit.rel)) {
          throw new LibraryError('unsupported', 'unsupported file type: .tar (no readable page images)');
        }
        return detected === 'unknown' ? 'comic' : detected;
      }
      default:
        return null;
    }
  }

  private async prepare(unit: LibraryUnit, kind: ImportKind | null): Promise<PreparedFile> {
    const writer = new MediaWriter(this.options.media, this.options.xorKey, this.renditionLimits);
    const ctx = { writer, limits: this.archiveLimits, pdfLimits: this.options.pdfLimits };
    if (unit.type === 'unsupported') {
      throw new LibraryError(
        'unsupported',
        `unsupported file type: ${unit.rel.slice(unit.rel.lastIndexOf('.'))}`,
      );
    }
    // A PDF decides for itself whether it is read as pages or as novel text.
    if (unit.type === 'archive' && isPdfPath(unit.rel)) return preparePdf(unit, ctx);
    if (kind === 'anime') return prepareVideo(unit, writer, this.root);
    if (kind === 'novel') return unit.type === 'txt' ? prepareTxt(unit) : prepareEpub(unit, ctx);
    return prepareComic(unit, ctx);
  }

  private async importFolder(unit: LibraryUnit): Promise<void> {
    this.emit({ current: unit.rel });
    const folder = unit.rel.replace(/\/$/, '');
    const kinds: ImportKind[] = ['comic', 'novel', 'anime'];
    const keys = unit.layoutKind ? [folder] : kinds.map((k) => `${folder}#${k}`);
    const meta: FileMeta = {
      ...emptyFileMeta(),
      finished: unit.markers?.finished ?? false,
      pay: unit.markers?.pay ?? 'free',
    };
    const writer = new MediaWriter(this.options.media, this.options.xorKey, this.renditionLimits);
    try {
      if (unit.poster) {
        meta.cover = await writer.putCover(await readFile(join(this.root, unit.poster)));
      }
      if (unit.nfo) Object.assign(meta, parseNfo(await readFile(join(this.root, unit.nfo), 'utf8'), meta));
      // A pay marker may hold the price per chapter (`.coins` containing `15`); the winning one first.
      for (const file of unit.markers?.payFiles ?? []) {
        meta.price ??= markerPrice(await readFile(join(this.root, file), 'utf8').catch(() => ''));
      }
      const workId = await this.serial(() =>
        this.committer.commitFolder(this.identity(unit, 'work-folder'), keys, meta, writer.written),
      );
      if (workId !== null) this.report.folderCommitted(workId);
    } catch (error) {
      this.report.fail(unit.poster ?? unit.rel, reasonOf(error));
    }
    this.emit({ done: this.progress.done + 1 });
  }

  /**
   * Deletes stored objects nothing in the catalogue points at (left by a crash between a media
   * write and its transaction, or by a re-import that replaced a chapter's pages), and their
   * media_objects rows.
   */
  private async collectOrphans(): Promise<number> {
    // Keys are checked a batch at a time against the catalogue's key indexes rather than against
    // one set of every key it names (30 million at 100,000 works of 300 pages).
    const covers = await this.repo.referencedCoverKeys();
    const orphansAmong = async (keys: string[]) => {
      const candidates = keys.filter((key) => key.startsWith(IMPORT_MEDIA_PREFIX) && !covers.has(key));
      const referenced = await this.repo.referencedPageKeys(candidates);
      return candidates.filter((key) => !referenced.has(key));
    };
    let collected = 0;
    let batch: string[] = [];
    const sweep = async () => {
      for (const key of await orphansAmong(batch)) {
        await this.options.media.delete(key);
        collected += 1;
      }
      batch = [];
    };
    for await (const key of this.options.media.keys()) {
      batch.push(key);
      if (batch.length >= ORPHAN_CHECK_BATCH) await sweep();
    }
    await sweep();
    for (let after = ''; ;) {
      const keys = await this.repo.mediaObjectKeysAfter(after, ORPHAN_CHECK_BATCH);
      if (keys.length === 0) break;
      after = keys[keys.length - 1]!;
      await this.repo.deleteMediaObjects(await orphansAmong(keys));
    }
    return collected;
  }
}
