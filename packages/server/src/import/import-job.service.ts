/**
 * Imports as background jobs inside the server: queued, then run one at a time in a worker thread
 * (its own event loop and database connection), so API latency stays flat while pages are decoded.
 * Status and progress are kept in memory for the admin console; each run's summary is also stored
 * in import_runs by the importer itself.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { isSqlite } from '../db/migrations/helpers.js';
import { releaseOwnLock } from './import-lock.js';
import type { ImportProgress, ImportSummary } from './import-types.js';
import type { ImportWorkerInput, ImportWorkerMessage } from './import-worker.js';
import type { LibraryWatchConfig } from './library-watch-config.js';
import { LibraryWatcher } from './library-watcher.js';

export type ImportJobState = 'queued' | 'running' | 'done' | 'failed';

export interface ImportJob {
  id: number;
  root: string;
  demo: boolean;
  /** Files written to more recently than this are waited for (server imports of LIBRARY_DIR). */
  settleMs: number;
  /** An empty folder is refused rather than emptying the catalogue (LIBRARY_DIR imports). */
  keepWhenEmpty: boolean;
  state: ImportJobState;
  progress: ImportProgress | null;
  summary: ImportSummary | null;
  reason: string | null;
  queuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
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

export class ImportJobService {
  private readonly jobs: ImportJob[] = [];
  private readonly waiters = new Map<number, ((job: ImportJob) => void)[]>();
  private worker: Worker | null = null;
  private readonly watchers: LibraryWatcher[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly config: ImportJobConfig | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Queues an import of `root` (the demo library when `demo`, generated first if missing). A root
   * already queued or running is not queued twice: its job is returned. With `followUp` (the
   * library watcher) only a queued job counts: a running one may have walked past the change that
   * asked for this import, so another run is queued behind it.
   */
  enqueue(
    root: string,
    options: { demo?: boolean; settleMs?: number; keepWhenEmpty?: boolean; followUp?: boolean } = {},
  ): ImportJob {
    if (!this.config) throw new Error('background imports need the server configuration');
    const pending = this.jobs.find(
      (j) => j.root === root && (j.state === 'queued' || (j.state === 'running' && !options.followUp)),
    );
    if (pending) return { ...pending };
    const job: ImportJob = {
      id: this.nextId++,
      root,
      demo: options.demo ?? false,
      settleMs: options.settleMs ?? 0,
      keepWhenEmpty: options.keepWhenEmpty ?? false,
      state: 'queued',
      progress: null,
      summary: null,
      reason: null,
      queuedAt: Date.now(),
      startedAt: null,
      finishedAt: null,
    };
    this.jobs.push(job);
    // Started on the next turn, so the caller always sees its job queued first.
    setImmediate(() => void this.pump());
    return { ...job };
  }

  get(id: number): ImportJob | null {
    const job = this.jobs.find((j) => j.id === id);
    return job ? { ...job } : null;
  }

  /** Newest first. */
  list(): ImportJob[] {
    return [...this.jobs].reverse().map((j) => ({ ...j }));
  }

  /** Resolves when the job is done or failed. */
  waitFor(id: number): Promise<ImportJob> {
    const job = this.jobs.find((j) => j.id === id);
    if (!job) return Promise.reject(new Error(`no import job ${id}`));
    if (job.state === 'done' || job.state === 'failed') return Promise.resolve({ ...job });
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
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

  /** The folders being watched (for the operator and tests). */
  watching(): string[] {
    return this.watchers.map((w) => w.root);
  }

  /** Stops the watchers and a running worker (server shutdown); its run is closed as interrupted by the next one. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.watchers.splice(0).map((w) => w.close()));
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      await worker.terminate();
      if (this.config) await releaseOwnLock(this.config.dataDir);
    }
  }

  private finish(job: ImportJob, state: 'done' | 'failed', update: Partial<ImportJob>): void {
    Object.assign(job, update, { state, finishedAt: Date.now() });
    for (const resolve of this.waiters.get(job.id) ?? []) resolve({ ...job });
    this.waiters.delete(job.id);
  }

  private async pump(): Promise<void> {
    if (this.worker || this.closed) return;
    const job = this.jobs.find((j) => j.state === 'queued');
    if (!job || !this.config) return;
    job.state = 'running';
    job.startedAt = Date.now();
    const config = this.config;
    let pgSchema: string | null = null;
    try {
      // The worker opens its own connection; on PostgreSQL it must see the same schema as ours.
      if (!isSqlite(this.db)) {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db);
        pgSchema = rows[0]?.schema ?? null;
      }
    } catch (error) {
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
      ...(config.mediaStore ? { mediaStore: config.mediaStore } : {}),
    };
    const log = this.log.child({ module: 'imports', job: job.id });
    log.info({ root: job.root }, 'import started');
    const worker = startWorker(input);
    this.worker = worker;
    let settled = false;
    worker.on('message', (message: ImportWorkerMessage) => {
      if (message.type === 'progress') job.progress = message.progress;
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
        log.warn({ reason: message.reason }, 'import failed');
        this.finish(job, 'failed', { reason: message.reason });
      }
    });
    worker.on('error', (error) => {
      if (settled) return;
      settled = true;
      log.error({ err: error }, 'import worker crashed');
      this.finish(job, 'failed', { reason: `the import worker crashed: ${error.message}` });
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      if (!settled) {
        settled = true;
        this.finish(job, 'failed', { reason: `the import worker stopped (exit code ${code})` });
        void releaseOwnLock(config.dataDir);
      }
      void this.pump();
    });
  }
}
