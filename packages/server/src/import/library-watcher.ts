/**
 * Live watching of LIBRARY_DIR: file-system events (chokidar: inotify on Linux, recursive) are
 * debounced into incremental imports through the import job queue, so a change is in the catalogue
 * within seconds and every import still goes through the same run as the CLI's (one at a time,
 * crash-safe, followers told about new chapters).
 *
 * The watcher only says "something changed"; the run decides what. That keeps missed or merged
 * events harmless: the run diffs the whole folder with library_files (readdir + stat), waits for
 * files still being copied (settleMs) and leaves those it cannot wait for to the next run, which
 * this watcher schedules. A periodic safety scan covers what no event reported (network mounts,
 * inotify limits).
 */
import { basename, relative, resolve, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from './import-job.js';
import type { LibraryWatchConfig } from './library-watch-config.js';
import { ignoredByWalker } from './library-walker.js';

/** What the watcher needs from the job queue (ImportJobService). */
export interface ImportQueue {
  enqueue(
    root: string,
    options: {
      settleMs?: number;
      keepWhenEmpty?: boolean;
      followUp?: boolean;
      quietWhenBusyElsewhere?: boolean;
    },
  ): Promise<ImportJob>;
  waitFor(id: number): Promise<ImportJob>;
}

/** A burst that never pauses (a long copy) still gets an import this often, in debounce periods. */
const MAX_WAIT_FACTOR = 10;
/**
 * A failed run (another process held the import lock, the folder is unmounted) is retried after
 * this, doubling while it keeps failing, up to RETRY_MAX_MS.
 */
const RETRY_MIN_MS = 10_000;
const RETRY_MAX_MS = 300_000;

export type WatchTrigger = 'change' | 'scan' | 'deferred' | 'retry';

export class LibraryWatcher {
  private watcher: FSWatcher | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private scan: NodeJS.Timeout | null = null;
  /** When the first change of the current burst arrived (the debounce's max wait runs from it). */
  private burstStart: number | null = null;
  private closed = false;
  /** Runs in a row that failed (for the retry back-off). */
  private failures = 0;
  readonly root: string;
  private readonly ignoredRoots: string[];
  /** Import jobs this watcher asked for, in order (for the operator's log and for tests). */
  readonly triggered: { jobId: number; trigger: WatchTrigger }[] = [];

  constructor(
    root: string,
    private readonly config: LibraryWatchConfig,
    private readonly queue: ImportQueue,
    private readonly log: FastifyBaseLogger,
    options: { ignore?: string[] } = {},
  ) {
    this.root = resolve(root);
    this.ignoredRoots = (options.ignore ?? []).map((path) => resolve(path));
  }

  /** Resolves once the initial directory scan is done, so every later change produces an event. */
  async start(): Promise<void> {
    const watcher = watch(this.root, {
      ignoreInitial: true,
      persistent: true,
      // The walker does not follow symbolic links either.
      followSymlinks: false,
      ignored: (path) => this.ignored(path),
    });
    this.watcher = watcher;
    watcher.on('all', (event, path) => this.changed(event, path));
    // A lost watch (inotify limit, folder on a mount that went away) is logged; the safety scan
    // still brings the catalogue up to date.
    watcher.on('error', (error) => this.log.warn({ err: error }, 'library watcher error'));
    await new Promise<void>((ready) => watcher.once('ready', () => ready()));
    if (this.config.scanIntervalMs > 0) {
      this.scan = setInterval(() => this.trigger('scan'), this.config.scanIntervalMs);
      this.scan.unref();
    }
    this.log.info(
      { root: this.root, debounceMs: this.config.debounceMs, settleMs: this.config.settleMs },
      'watching the library folder',
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of [this.debounce, this.retry]) if (timer) clearTimeout(timer);
    if (this.scan) clearInterval(this.scan);
    this.debounce = this.retry = this.scan = null;
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
  }

  /** Paths the walker never reads (and DATA_DIR, should it lie inside the library) raise no import. */
  private ignored(path: string): boolean {
    const abs = resolve(path);
    if (abs === this.root) return false;
    if (this.ignoredRoots.some((dir) => abs === dir || abs.startsWith(dir + sep))) return true;
    if (relative(this.root, abs).startsWith('..')) return false;
    return ignoredByWalker(basename(abs));
  }

  private changed(event: string, path: string): void {
    if (this.closed) return;
    this.log.debug({ event, path: relative(this.root, path) }, 'library change');
    const now = Date.now();
    this.burstStart ??= now;
    const maxWait = this.config.debounceMs * MAX_WAIT_FACTOR;
    const delay = Math.max(0, Math.min(this.config.debounceMs, this.burstStart + maxWait - now));
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.burstStart = null;
      this.trigger('change');
    }, delay);
  }

  /** Queues an import (or joins the one already queued) and looks at how it ended. */
  private trigger(trigger: WatchTrigger): void {
    void this.queueImport(trigger);
  }

  private async queueImport(trigger: WatchTrigger): Promise<void> {
    if (this.closed) return;
    let job: ImportJob;
    try {
      job = await this.queue.enqueue(this.root, {
        settleMs: this.config.settleMs,
        keepWhenEmpty: true,
        followUp: true,
        // Another instance importing the same shared folder: no failed job in the console, just a retry.
        quietWhenBusyElsewhere: true,
      });
    } catch (error) {
      this.log.warn({ err: error }, 'library import not queued');
      return;
    }
    if (!this.triggered.some((t) => t.jobId === job.id)) {
      this.triggered.push({ jobId: job.id, trigger });
      this.log.info({ job: job.id, trigger }, 'library import queued');
    }
    void this.queue.waitFor(job.id).then((done) => this.finished(done));
  }

  private finished(job: ImportJob): void {
    if (this.closed) return;
    const deferred = job.summary?.files.deferred ?? 0;
    this.failures = job.state === 'failed' ? this.failures + 1 : 0;
    if (job.state === 'failed' && job.busyElsewhere)
      this.log.info({ job: job.id }, 'another instance is importing the library; trying again later');
    else if (job.state === 'failed')
      this.log.warn({ job: job.id, reason: job.reason }, 'library import failed');
    if (job.state === 'done' && deferred === 0) return;
    // Files still being copied get another run once they can have settled; a failed run (another
    // import held the lock) is tried again a little later, unless a change comes first.
    const wait =
      job.state === 'done'
        ? Math.max(this.config.settleMs, this.config.debounceMs)
        : Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, this.config.debounceMs) * 2 ** (this.failures - 1));
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.trigger(job.state === 'done' ? 'deferred' : 'retry');
    }, wait);
  }
}
