/**
 * The shared queue of a PostgreSQL deployment: pg-boss 10 in its own schema of the same database.
 * Every instance fetches from the same tables (SKIP LOCKED), so a job runs once. A running job holds
 * a lease (pg-boss's expiry, renewed by a heartbeat while the handler runs): when its instance dies
 * the lease lapses, pg-boss's supervisor fails it and another instance retries it. Schedules are
 * throttled sends (one job per key and time slot, enforced by pg-boss's unique index), so a sweep
 * every instance schedules runs once per period.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type {
  JobHandler,
  JobQueue,
  QueueOptions,
  QueueStats,
  ScheduleOptions,
  SendOptions,
  StopOptions,
  WorkOptions,
} from './job-queue.js';
import type { JobsConfig } from './jobs-config.js';

interface Defined {
  leaseS: number;
  retryLimit: number;
  unique: boolean;
}

export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly defined = new Map<string, Defined>();
  private readonly workers: { name: string; handler: JobHandler<object>; concurrency: number }[] = [];
  private readonly schedules: { name: string; everyS: number; runAtStart: boolean }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<unknown> }>();
  private started = false;
  private stopping = false;

  constructor(
    databaseUrl: string,
    private readonly config: JobsConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: config.schema,
      application_name: 'dm51-jobs',
      max: 4,
      // Cron is not used (schedules are throttled sends); the supervisor expires lapsed leases.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: config.maintenanceS,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  async define(name: string, options: QueueOptions = {}): Promise<void> {
    const entry = {
      leaseS: options.leaseS ?? this.config.leaseS,
      retryLimit: options.retryLimit ?? 2,
      unique: options.unique ?? false,
    };
    this.defined.set(name, entry);
    if (this.started) await this.create(name, entry);
  }

  private async create(name: string, entry: Defined): Promise<void> {
    await this.boss.createQueue(name, {
      name,
      // Stately: one queued and one running job per singleton key.
      policy: entry.unique ? 'stately' : 'standard',
      retryLimit: entry.retryLimit,
      expireInSeconds: entry.leaseS,
    });
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const entry = this.defined.get(name);
    if (!entry) throw new Error(`job queue ${name} is not defined`);
    return this.boss.send(name, data, {
      expireInSeconds: entry.leaseS,
      retryLimit: options.retryLimit ?? entry.retryLimit,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions = {},
  ): Promise<void> {
    const entry = {
      name,
      handler: handler as JobHandler<object>,
      concurrency: Math.max(1, options.concurrency ?? 1),
    };
    this.workers.push(entry);
    if (this.started) await this.startWorker(entry);
  }

  async schedule(name: string, everyS: number, options: ScheduleOptions = {}): Promise<void> {
    const entry = { name, everyS, runAtStart: options.runAtStart ?? true };
    this.schedules.push(entry);
    if (this.started) this.arm(entry);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const [name, entry] of this.defined) await this.create(name, entry);
    for (const entry of this.workers) await this.startWorker(entry);
    for (const entry of this.schedules) this.arm(entry);
  }

  /** One pg-boss worker per slot, each fetching one job at a time. */
  private async startWorker(entry: { name: string; handler: JobHandler<object>; concurrency: number }) {
    for (let slot = 0; slot < entry.concurrency; slot++) {
      await this.boss.work<object>(
        entry.name,
        { batchSize: 1, pollingIntervalSeconds: this.config.pollS },
        async ([job]) => {
          if (job) await this.run(entry.name, job, entry.handler);
        },
      );
    }
  }

  private async run(name: string, job: PgBoss.Job<object>, handler: JobHandler<object>): Promise<void> {
    const controller = new AbortController();
    const leaseS = this.defined.get(name)?.leaseS ?? this.config.leaseS;
    // The lease: pg-boss expires a job `expire_in` after `started_on`, so moving started_on on renews it.
    const heartbeat = setInterval(
      () =>
        void this.boss
          .getDb()
          .executeSql(
            `update ${this.config.schema}.job set started_on = now() where name = $1 and id = $2 and state = 'active'`,
            [name, job.id],
          )
          .catch((error: unknown) => this.log.warn({ err: error, queue: name }, 'job lease not renewed')),
      Math.max(500, (leaseS * 1000) / 3),
    );
    const done = handler({ id: job.id, name, data: job.data, signal: controller.signal });
    this.inFlight.set(job.id, { controller, done: done.catch(() => undefined) });
    try {
      await done;
      if (controller.signal.aborted) throw new Error('handed back: the instance is stopping');
    } finally {
      clearInterval(heartbeat);
      this.inFlight.delete(job.id);
    }
  }

  private arm(entry: { name: string; everyS: number; runAtStart: boolean }): void {
    const fire = () => {
      if (this.stopping) return;
      this.boss
        .send(
          entry.name,
          {},
          {
            singletonKey: entry.name,
            singletonSeconds: entry.everyS,
            expireInSeconds: this.defined.get(entry.name)?.leaseS ?? this.config.leaseS,
            retryLimit: 0,
          },
        )
        .catch((error: unknown) => this.log.error({ err: error, queue: entry.name }, 'schedule not sent'));
    };
    if (entry.runAtStart) fire();
    // Several tries per slot (from every instance): the slot's unique index keeps one.
    const timer = setInterval(fire, Math.max(1, Math.min(entry.everyS / 4, 60)) * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  async stats(): Promise<QueueStats[]> {
    const names = [...this.defined.keys()];
    const { rows } = await this.boss.getDb().executeSql(
      `select name, state, count(*)::int as n,
              coalesce(extract(epoch from now() - min(created_on)), 0)::float as oldest
         from ${this.config.schema}.job
        where name = any($1) and state in ('created', 'retry', 'active')
        group by name, state`,
      [names],
    );
    const typed = rows as { name: string; state: string; n: number; oldest: number }[];
    return names.map((name) => {
      const mine = typed.filter((r) => r.name === name);
      const waiting = mine.filter((r) => r.state !== 'active');
      return {
        name,
        waiting: waiting.reduce((sum, r) => sum + r.n, 0),
        active: mine.filter((r) => r.state === 'active').reduce((sum, r) => sum + r.n, 0),
        oldestWaitingS: Math.floor(Math.max(0, ...waiting.map((r) => r.oldest))),
      };
    });
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    // No new fetches from here on.
    for (const name of new Set(this.workers.map((w) => w.name))) await this.boss.offWork(name);
    const running = () => [...this.inFlight.values()];
    if (options.graceful !== false && running().length > 0) {
      const timeout = new Promise((resolve) => setTimeout(resolve, options.timeoutMs ?? 10_000).unref());
      await Promise.race([Promise.allSettled(running().map((r) => r.done)), timeout]);
    }
    // What did not finish is aborted; its handler's failure hands the job back (a retry).
    for (const r of running()) r.controller.abort(new Error('the server is stopping'));
    await Promise.allSettled(running().map((r) => r.done));
    await this.boss.stop({ graceful: true, timeout: 2_000, close: true });
  }
}
