/**
 * Background work of every domain (imports, transcodes, AI generation, periodic sweeps) goes
 * through one small queue interface. On PostgreSQL it is pg-boss on the same database (every
 * instance shares it: a job runs once, a dead instance's job is taken over, a scheduled job runs
 * once per period); on the embedded default (SQLite, one process) it runs in process.
 */

export interface SendOptions {
  /** At most one queued job and one running job per key (pg-boss "stately" queues honour it). */
  singletonKey?: string;
  /** Further attempts after a failure, an expired lease or a hand-back at shutdown. */
  retryLimit?: number;
}

export interface QueueOptions {
  /**
   * The lease of a running job: while its handler runs the lease is renewed; when the instance
   * dies the lease lapses and the job is handed to another instance. Default JobsConfig.leaseS.
   */
  leaseS?: number;
  /** Default retries of the queue's jobs. */
  retryLimit?: number;
  /** Honour singletonKey: one queued and one running job per key (pg-boss "stately" policy). */
  unique?: boolean;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** Aborted when the queue stops and the job could not finish within the grace period. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this queue running at once in this instance (default 1). */
  concurrency?: number;
}

export interface ScheduleOptions {
  /** Run one right away at start (when no instance ran one in the current period). Default true. */
  runAtStart?: boolean;
}

export interface QueueStats {
  name: string;
  /** Queued (or waiting for a retry), across all instances. */
  waiting: number;
  /** Running, across all instances. */
  active: number;
  /** Seconds the oldest waiting job has waited; 0 when none waits. */
  oldestWaitingS: number;
}

export interface StopOptions {
  /** Wait for running handlers (up to timeoutMs) before handing back what is left. Default true. */
  graceful?: boolean;
  timeoutMs?: number;
}

export interface JobQueue {
  readonly kind: 'local' | 'pg-boss';
  /** Declares a queue; send, work and schedule need it first. */
  define(name: string, options?: QueueOptions): Promise<void>;
  /** Queues a job; null when a job with the same singletonKey is already queued. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs this queue's jobs in this instance. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * One job of `name` per period of `everyS` seconds across all instances (every instance may
   * call it; the handler is registered with work()).
   */
  schedule(name: string, everyS: number, options?: ScheduleOptions): Promise<void>;
  /** Per queue waiting/active counts and the oldest waiting job's age (for /metrics). */
  stats(): Promise<QueueStats[]>;
  start(): Promise<void>;
  /**
   * Stops taking jobs, waits for running handlers up to the timeout, then aborts the rest and
   * hands their jobs back (another instance, or this one at its next start, runs them again).
   */
  stop(options?: StopOptions): Promise<void>;
}

/** Queue names (pg-boss: letters, digits and underscores). */
export const JOBS = {
  importResume: 'library_import_resume',
  reconcile: 'sweep_payments_reconcile',
  bonusExpiry: 'sweep_bonus_expiry',
  analyticsPurge: 'sweep_analytics_purge',
  recommendations: 'build_recommendations',
} as const;
