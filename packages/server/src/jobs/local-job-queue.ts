/**
 * The in-process queue of the embedded default (SQLite, one process): jobs are kept in memory and
 * run as soon as a worker has room; schedules are timers. Nothing outlives the process — the
 * domains converge at their next start (imports resume, transcodes are requeued) as they always did.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Job,
  JobHandler,
  JobQueue,
  QueueOptions,
  QueueStats,
  ScheduleOptions,
  SendOptions,
  StopOptions,
  WorkOptions,
} from './job-queue.js';

interface Pending {
  id: string;
  data: object;
  singletonKey: string | null;
  queuedAt: number;
}

interface LocalQueue {
  pending: Pending[];
  running: Map<string, { key: string | null; controller: AbortController; done: Promise<void> }>;
  handler: JobHandler<object> | null;
  concurrency: number;
}

export class LocalJobQueue implements JobQueue {
  readonly kind = 'local' as const;
  private readonly queues = new Map<string, LocalQueue>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly schedules: { name: string; everyS: number; runAtStart: boolean }[] = [];
  private started = false;
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  async define(name: string, _options?: QueueOptions): Promise<void> {
    this.queue(name);
  }

  private queue(name: string): LocalQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { pending: [], running: new Map(), handler: null, concurrency: 1 };
      this.queues.set(name, queue);
    }
    return queue;
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const queue = this.queue(name);
    const key = options.singletonKey ?? null;
    if (key !== null && queue.pending.some((p) => p.singletonKey === key)) return null;
    const id = randomUUID();
    queue.pending.push({ id, data, singletonKey: key, queuedAt: Date.now() });
    setImmediate(() => this.pump(name));
    return id;
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions = {},
  ): Promise<void> {
    const queue = this.queue(name);
    queue.handler = handler as JobHandler<object>;
    queue.concurrency = Math.max(1, options.concurrency ?? 1);
    setImmediate(() => this.pump(name));
  }

  async schedule(name: string, everyS: number, options: ScheduleOptions = {}): Promise<void> {
    const entry = { name, everyS, runAtStart: options.runAtStart ?? true };
    this.schedules.push(entry);
    if (this.started) this.arm(entry);
  }

  private arm(entry: { name: string; everyS: number; runAtStart: boolean }): void {
    // A period still running is not queued twice (the singleton key).
    const fire = () => void this.send(entry.name, {}, { singletonKey: entry.name });
    if (entry.runAtStart) fire();
    const timer = setInterval(fire, entry.everyS * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  async stats(): Promise<QueueStats[]> {
    const now = Date.now();
    return [...this.queues].map(([name, q]) => ({
      name,
      waiting: q.pending.length,
      active: q.running.size,
      oldestWaitingS: q.pending.length
        ? Math.floor((now - Math.min(...q.pending.map((p) => p.queuedAt))) / 1000)
        : 0,
    }));
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const entry of this.schedules) this.arm(entry);
    for (const name of this.queues.keys()) this.pump(name);
  }

  async stop(options: StopOptions = {}): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    const running = [...this.queues.values()].flatMap((q) => [...q.running.values()]);
    if (options.graceful !== false) {
      const timeout = new Promise((resolve) => setTimeout(resolve, options.timeoutMs ?? 10_000).unref());
      await Promise.race([Promise.allSettled(running.map((r) => r.done)), timeout]);
    }
    for (const r of running) r.controller.abort(new Error('the server is stopping'));
    await Promise.allSettled(running.map((r) => r.done));
  }

  private pump(name: string): void {
    const queue = this.queues.get(name);
    if (!queue?.handler || !this.started || this.stopped) return;
    while (queue.running.size < queue.concurrency) {
      // A key already running waits (pg-boss's stately queues behave the same).
      const busy = new Set([...queue.running.values()].map((r) => r.key).filter((k) => k !== null));
      const index = queue.pending.findIndex((p) => p.singletonKey === null || !busy.has(p.singletonKey));
      if (index < 0) return;
      const [next] = queue.pending.splice(index, 1);
      const controller = new AbortController();
      const job: Job<object> = { id: next!.id, name, data: next!.data, signal: controller.signal };
      const done = queue.handler(job).then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, queue: name, job: job.id }, 'job failed'),
      );
      queue.running.set(job.id, {
        key: next!.singletonKey,
        controller,
        done: done.finally(() => {
          queue.running.delete(job.id);
          this.pump(name);
        }),
      });
    }
  }
}
