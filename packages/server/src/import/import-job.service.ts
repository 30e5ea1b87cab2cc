/**
 * Imports as background jobs inside the server: queued, then run one at a time in a worker thread
 * (its own event loop and database connection), so API latency stays flat while pages are decoded.
 * The instance that queues a job runs it; every job is also a row of import_jobs (migration 0024)
 * that the instance writes as the job moves (progress at most once a second), so the console sees
 * the same jobs whichever instance answers it. The owner refreshes its rows' heartbeat while they
 * are queued or running; rows whose owner stopped (killed, or cut off from the database) are closed
 * as failed by whichever instance notices first. Each run's summary is also stored in import_runs
 * by the importer itself.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { isSqlite } from '../db/migrations/helpers.js';
import {
  ImportJobsRepository,
  STOPPED_INSTANCE_REASON,
  type ImportJobRow,
} from '../repositories/import-jobs.repository.js';
import { releaseOwnLock } from './import-lock.js';
import type { ImportJob, ImportJobState } from './import-job.js';
import type { ImportProgress, ImportSummary } from './import-types.js';
import type { ImportWorkerInput, ImportWorkerMessage } from './import-worker.js';
import { LibraryFolderWatch } from './library-folder-watch.js';
import type { LibraryWatchConfig } from './library-watch-config.js';
import { LibraryWatcher } from './library-watcher.js';

/** How often an owner says its queued and running jobs are alive. */
export const IMPORT_JOB_HEARTBEAT_MS = 5_000;
/** A job whose heartbeat is older than this has lost its instance. */
export const IMPORT_JOB_STALE_MS = 30_000;
/** Progress reaches the database at most this often (the worker reports far more often). */
const PROGRESS_WRITE_MS = 1_000;
/** Why this instance's unfinished jobs end when it shuts down. */
const SHUTDOWN_REASON =
  'the server instance stopped before it finished; the import runs again at its next start, on another instance or with a scan';
/** How often a caller waiting on another instance's job reads its row. */
const REMOTE_WAIT_POLL_MS = 250;

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * A row written by any instance, as a job (options only the owner needs are left at defaults). A
 * queued or running row whose heartbeat is stale is read as what it is, failed, even before some
 * instance writes that down (one with jobs of its own does, every few seconds).
 */
function jobFromRow(row: ImportJobRow, now = Date.now()): ImportJob {
  const heartbeat = Number(row.heartbeat_time);
  const abandoned =
    (row.state === 'queued' || row.state === 'running') && heartbeat < now - IMPORT_JOB_STALE_MS;
  return {
    id: row.id,
    root: row.root,
    demo: row.demo === 1,
    settleMs: 0,
    keepWhenEmpty: false,
    quietWhenBusyElsewhere: false,
    busyElsewhere: false,
    rereadAll: false,
    waitForLock: false,
    removeAll: false,
    state: abandoned ? 'failed' : (row.state as ImportJobState),
    progress: parseJson<ImportProgress>(row.progress),
    summary: parseJson<ImportSummary>(row.summary),
    reason: abandoned ? STOPPED_INSTANCE_REASON : row.reason,
    queuedAt: Number(row.queued_time),
    startedAt: row.started_time === null ? null : Number(row.started_time),
    finishedAt: abandoned ? heartbeat : row.finished_time === null ? null : Number(row.finished_time),
  };
}

export type ImportJobConfig = Pick<
  Config,
  'dataDir' | 'databaseUrl' | 'sqlitePath' | 'imageXorKey' | 'mediaStore'
>;

/** Worker threads run the compiled worker; under tsx/vitest (sources) they load it through tsx. */
function startWorker(input: ImportWorkerInput): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) return new Worker(new URL('./import-worker.js', import.meta.url), { workerData: input });
  const target = new URL('./import-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(target)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: input, execArgv: ['--conditions=source'] });
}

/** What an enqueue asks of its job (see ImportJob for each). */
export interface ImportJobOptions {
  demo?: boolean;
  settleMs?: number;
  keepWhenEmpty?: boolean;
  /** The library watcher's request: only a queued job counts as already asked for. */
  followUp?: boolean;
  quietWhenBusyElsewhere?: boolean;
  rereadAll?: boolean;
  waitForLock?: boolean;
  removeAll?: boolean;
}

export class ImportJobService {
  /** The jobs this instance queued (it runs them), oldest first. */
  private readonly jobs: ImportJob[] = [];
  private readonly waiters = new Map<number, ((job: ImportJob) => void)[]>();
  private worker: Worker | null = null;
  /** The job the worker was started for (queued while it waits for the lock, then running). */
  private current: ImportJob | null = null;
  private readonly watchers: LibraryWatcher[] = [];
  private readonly rows: ImportJobsRepository;
  /** Row writes of one job, in order (a progress write never lands after the final one). */
  private readonly writes = new Map<number, Promise<void>>();
  private readonly progressWrittenAt = new Map<number, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  /** The console folders' watchers (watchFolders). */
  private folderWatch: LibraryFolderWatch | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: ImportJobConfig | null,
    private readonly log: FastifyBaseLogger,
    /** This instance's name in import_jobs.owner (INSTANCE_ID, else hostname:pid). */
    private readonly owner = 'this instance',
  ) {
    this.rows = new ImportJobsRepository(db);
  }

  /**
   * Queues an import of `root` (the demo library when `demo`, generated first if missing). A root
   * already queued or running is not queued twice: its job is returned. With `followUp` (the
   * library watcher) only a queued job counts: a running one may have walked past the change that
   * asked for this import, so another run is queued behind it. A job joined takes on what this
   * request asks more (a full rescan, waiting for the lock, being shown) while its worker has not
   * started; once it has, a request it cannot serve gets a job of its own behind it.
   */
  async enqueue(root: string, options: ImportJobOptions = {}): Promise<ImportJob> {
    if (!this.config) throw new Error('background imports need the server configuration');
    const pending = this.joinPending(root, options);
    if (pending) return { ...pending };
    const queuedAt = Date.now();
    const demo = options.demo ?? false;
    const id = await this.rows.insert({ root, demo, owner: this.owner, queuedTime: queuedAt });
    // Another enqueue of the same root may have been written meanwhile: the first one stands.
    const raced = this.joinPending(root, options);
    if (raced) {
      await this.rows.delete(id);
      return { ...raced };
    }
    const job: ImportJob = {
      id,
      root,
      demo,
      settleMs: options.settleMs ?? 0,
      keepWhenEmpty: options.keepWhenEmpty ?? false,
      quietWhenBusyElsewhere: options.quietWhenBusyElsewhere ?? false,
      busyElsewhere: false,
      rereadAll: options.rereadAll ?? false,
      waitForLock: options.waitForLock ?? false,
      removeAll: options.removeAll ?? false,
      state: 'queued',
      progress: null,
      summary: null,
      reason: null,
      queuedAt,
      startedAt: null,
      finishedAt: null,
    };
    this.jobs.push(job);
    this.startHeartbeat();
    // Started on the next turn, so the caller always sees its job queued first.
    setImmediate(() => void this.pump());
    return { ...job };
  }

  /** This instance's queued job for `root` (or running one, unless a follow-up asks). */
  private findPending(root: string, followUp: boolean): ImportJob | undefined {
    return this.jobs.find(
      (j) => j.root === root && (j.state === 'queued' || (j.state === 'running' && !followUp)),
    );
  }

  /** The pending job that serves this request, given what it asks more (see enqueue); else none. */
  private joinPending(root: string, options: ImportJobOptions): ImportJob | undefined {
    const pending = this.findPending(root, options.followUp ?? false);
    if (!pending) return undefined;
    const wantsMore =
      (options.rereadAll === true && !pending.rereadAll) ||
      (options.waitForLock === true && !pending.waitForLock) ||
      (options.removeAll ?? false) !== pending.removeAll ||
      (options.quietWhenBusyElsewhere !== true && pending.quietWhenBusyElsewhere);
    if (!wantsMore) return pending;
    // The worker got its options when it started: only a job not started yet can take more on.
    if (pending === this.current || (options.removeAll ?? false) !== pending.removeAll) return undefined;
    pending.rereadAll ||= options.rereadAll === true;
    pending.waitForLock ||= options.waitForLock === true;
    pending.quietWhenBusyElsewhere &&= options.quietWhenBusyElsewhere === true;
    return pending;
  }

  /** A job this instance queued, with its progress as of now. */
  getLocal(id: number): ImportJob | null {
    const job = this.jobs.find((j) => j.id === id);
    return job ? { ...job } : null;
  }

  /** This instance's jobs, newest first. */
  listLocal(): ImportJob[] {
    return [...this.jobs].reverse().map((j) => ({ ...j }));
  }

  /** Whether this instance has `root` queued or running. */
  hasLocalActive(root: string): boolean {
    return this.findPending(root, false) !== undefined;
  }

  /** Any instance's job: this instance's own from memory, another's from its row. */
  async get(id: number): Promise<ImportJob | null> {
    const local = this.getLocal(id);
    if (local) return local;
    const row = await this.rows.find(id);
    return row ? jobFromRow(row) : null;
  }

  /** Every instance's jobs, newest first (the newest 50). */
  async list(): Promise<ImportJob[]> {
    const rows = await this.rows.newest();
    return rows.map((row) => this.getLocal(row.id) ?? jobFromRow(row));
  }

  /** Resolves when the job is done or failed, whichever instance runs it. */
  async waitFor(id: number): Promise<ImportJob> {
    const job = this.jobs.find((j) => j.id === id);
    if (!job) return this.waitForRow(id);
    if (job.state === 'done' || job.state === 'failed') return { ...job };
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }

  private async waitForRow(id: number): Promise<ImportJob> {
    for (;;) {
      const row = await this.rows.find(id);
      if (!row) throw new Error(`no import job ${id}`);
      if (row.state === 'done' || row.state === 'failed') return jobFromRow(row);
      await new Promise((resolve) => setTimeout(resolve, REMOTE_WAIT_POLL_MS));
    }
  }

  /** Closes the jobs of instances that stopped beating (killed, or cut off from the database). Returns how many. */
  async closeAbandoned(): Promise<number> {
    const now = Date.now();
    return this.closeAbandonedRows(now, { staleBefore: now - IMPORT_JOB_STALE_MS });
  }

  private async closeAbandonedRows(
    now: number,
    which: { staleBefore: number; exceptOwner?: string },
  ): Promise<number> {
    const closed = await this.rows.closeAbandoned(now, which);
    if (closed > 0) this.log.warn({ closed }, 'import jobs of a stopped instance closed as failed');
    return closed;
  }

  /**
   * While this instance has jobs queued or running, it says so and closes other instances' stale
   * ones. It goes on beating while other instances' jobs look queued or running, so that a killed
   * instance's jobs are written down as failed once stale even when this instance's own import
   * ended first (a queued follow-up of an instance killed mid-import stayed queued for good).
   */
  private startHeartbeat(): void {
    if (this.heartbeat || this.closed) return;
    this.heartbeat = setInterval(() => void this.beat(), IMPORT_JOB_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    try {
      await this.rows.beat(this.owner, Date.now());
      await this.closeAbandoned();
    } catch (error) {
      this.log.warn({ err: error }, 'import job heartbeat failed');
    }
    if (this.jobs.some((j) => j.state === 'queued' || j.state === 'running') || !this.heartbeat) return;
    const othersOpen = await this.rows.countOpenOfOthers(this.owner).catch(() => 0);
    if (othersOpen === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /** Writes a job's row after its earlier writes; a failed write is logged (the job goes on). */
  private persist(job: ImportJob, final = false): Promise<void> {
    const changes = {
      state: job.state,
      progress: job.progress ? JSON.stringify(job.progress) : null,
      summary: job.summary ? JSON.stringify(job.summary) : null,
      reason: job.reason,
      started_time: job.startedAt,
      finished_time: job.finishedAt,
      heartbeat_time: Date.now(),
    };
    const previous = this.writes.get(job.id) ?? Promise.resolve();
    const next = previous
      .then(() => this.rows.update(job.id, changes))
      .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, 'import job row not written'));
    this.writes.set(job.id, next);
    if (final) void next.then(() => this.writes.get(job.id) === next && this.writes.delete(job.id));
    return next;
  }

  /**
   * The worker holds the catalogue's import lock: the job is running from here on, and any other
   * instance's job still marked running lost its run (its instance died and the lock went with
   * its connection). A job waiting for the lock stays queued, so it is never closed so.
   */
  private markLocked(job: ImportJob): void {
    const now = Date.now();
    job.state = 'running';
    job.startedAt = now;
    void this.persist(job);
    void this.closeAbandonedRows(now, { staleBefore: now + 1, exceptOwner: this.owner }).catch(
      (error: unknown) => this.log.warn({ err: error }, 'import jobs of a stopped instance not closed'),
    );
  }

  private reportProgress(job: ImportJob, progress: ImportProgress): void {
    const first = job.progress === null;
    job.progress = progress;
    const now = Date.now();
    // The first report (generating the demo, waiting for the lock) is shown at once.
    if (!first && now - (this.progressWrittenAt.get(job.id) ?? 0) < PROGRESS_WRITE_MS) return;
    this.progressWrittenAt.set(job.id, now);
    void this.persist(job);
  }

  /**
   * Watches `root` and imports its changes (LIBRARY_DIR with LIBRARY_WATCH on); stopped by close().
   * Resolves once the watcher is listening, so a change made after it is seen.
   */
  async watch(root: string, config: LibraryWatchConfig): Promise<LibraryWatcher> {
    if (this.closed) throw new Error('the import service is closed');
    const watcher = new LibraryWatcher(root, config, this, this.log.child({ module: 'library-watch' }), {
      ignore: this.config ? [this.config.dataDir] : [],
    });
    this.watchers.push(watcher);
    await watcher.start();
    return watcher;
  }

  /** Stops watching `root` (a console folder removed or switched off). */
  async unwatch(root: string): Promise<void> {
    const gone = this.watchers.filter((w) => w.root === root);
    for (const watcher of gone) this.watchers.splice(this.watchers.indexOf(watcher), 1);
    await Promise.all(gone.map((w) => w.close()));
  }

  /** The folders being watched (for the operator and tests). */
  watching(): string[] {
    return this.watchers.map((w) => w.root);
  }

  /**
   * Starts watching the console's folders (on the one instance holding their lease; see
   * library-folder-watch.ts); stopped by close().
   */
  async watchFolders(config: LibraryWatchConfig, libraryDir: string | null): Promise<LibraryFolderWatch> {
    if (this.closed) throw new Error('the import service is closed');
    this.folderWatch ??= new LibraryFolderWatch(
      this.db,
      this,
      config,
      this.owner,
      this.log.child({ module: 'library-watch' }),
      libraryDir,
    );
    await this.folderWatch.start();
    return this.folderWatch;
  }

  /** Re-reads the console's folder list now (after a change in the console), when watching them. */
  async refreshFolderWatch(): Promise<void> {
    await this.folderWatch?.refresh();
  }

  /** Stops the watchers and a running worker (server shutdown); its run is closed as interrupted by the next one. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.folderWatch?.close();
    await Promise.all(this.watchers.splice(0).map((w) => w.close()));
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      await worker.terminate();
      if (this.config) await releaseOwnLock(this.config.dataDir);
    }
    // What this instance still had queued or running would look alive to the others until its
    // heartbeat aged: it says now that it stopped (the database closes after this step).
    await Promise.all(this.writes.values());
    await this.rows
      .closeOwn(this.owner, Date.now(), SHUTDOWN_REASON)
      .catch((error: unknown) => this.log.warn({ err: error }, 'import jobs not closed at shutdown'));
  }

  private finish(job: ImportJob, state: 'done' | 'failed', update: Partial<ImportJob>): void {
    Object.assign(job, update, { state, finishedAt: Date.now() });
    this.progressWrittenAt.delete(job.id);
    // Waiters hear of it once the row says so too: whoever reads the list next sees the same.
    const written =
      job.busyElsewhere && job.quietWhenBusyElsewhere ? this.forget(job) : this.persist(job, true);
    void written.then(() => {
      for (const resolve of this.waiters.get(job.id) ?? []) resolve({ ...job });
      this.waiters.delete(job.id);
    });
  }

  /** Deletes a job's row after its earlier writes (a quiet job that did not run). */
  private forget(job: ImportJob): Promise<void> {
    const previous = this.writes.get(job.id) ?? Promise.resolve();
    const next = previous
      .then(() => this.rows.delete(job.id))
      .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, 'import job row not deleted'))
      .finally(() => this.writes.delete(job.id));
    this.writes.set(job.id, next);
    return next;
  }

  private async pump(): Promise<void> {
    // `current` is set before the first await: a second pump meanwhile must not start the same job.
    if (this.worker || this.current || this.closed) return;
    const job = this.jobs.find((j) => j.state === 'queued');
    if (!job || !this.config) return;
    // Queued until the worker holds the import lock (markLocked): it may wait for another instance.
    this.current = job;
    const config = this.config;
    let pgSchema: string | null = null;
    try {
      // The worker opens its own connection; on PostgreSQL it must see the same schema as ours.
      if (!isSqlite(this.db)) {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db);
        pgSchema = rows[0]?.schema ?? null;
      }
    } catch (error) {
      this.current = null;
      this.finish(job, 'failed', { reason: (error as Error).message });
      return void this.pump();
    }
    const input: ImportWorkerInput = {
      root: job.root,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      pgSchema,
      xorKey: config.imageXorKey,
      demo: job.demo,
      settleMs: job.settleMs,
      keepWhenEmpty: job.keepWhenEmpty,
      rereadAll: job.rereadAll,
      waitForLock: job.waitForLock,
      removeAll: job.removeAll,
      ...(config.mediaStore ? { mediaStore: config.mediaStore } : {}),
    };
    const log = this.log.child({ module: 'imports', job: job.id });
    log.info({ root: job.root }, 'import started');
    let worker: Worker;
    try {
      worker = startWorker(input);
    } catch (error) {
      // No thread (out of memory, too many threads): this job fails, the next one may still run.
      this.current = null;
      log.error({ err: error }, 'import worker not started');
      this.finish(job, 'failed', {
        reason: `the import worker could not start: ${(error as Error).message}`,
      });
      return void this.pump();
    }
    this.worker = worker;
    let settled = false;
    worker.on('message', (message: ImportWorkerMessage) => {
      if (message.type === 'locked') this.markLocked(job);
      else if (message.type === 'progress') this.reportProgress(job, message.progress);
      else if (message.type === 'done') {
        settled = true;
        const s = message.summary;
        log.info(
          { works: s.works, chapters: s.chapters, failed: s.failed.length, ms: s.durationMs },
          'import done',
        );
        this.finish(job, 'done', {
          summary: s,
          progress: { phase: 'done', done: s.files.imported, total: s.files.imported, current: null },
        });
      } else {
        settled = true;
        const busyElsewhere = message.busyElsewhere === true;
        if (busyElsewhere && job.quietWhenBusyElsewhere)
          log.info('another instance is importing; this automatic import is not needed');
        else log.warn({ reason: message.reason }, 'import failed');
        this.finish(job, 'failed', { reason: message.reason, busyElsewhere });
      }
    });
    worker.on('error', (error) => {
      if (settled) return;
      settled = true;
      log.error({ err: error }, 'import worker crashed');
      this.finish(job, 'failed', { reason: `the import worker crashed: ${error.message}` });
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) {
        this.worker = null;
        this.current = null;
      }
      if (!settled) {
        settled = true;
        this.finish(job, 'failed', {
          reason: this.closed ? SHUTDOWN_REASON : `the import worker stopped (exit code ${code})`,
        });
        void releaseOwnLock(config.dataDir);
      }
      void this.pump();
    });
  }
}
