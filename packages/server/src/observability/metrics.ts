/**
 * The app's Prometheus metrics: one prom-client Registry per app instance (tests build many apps
 * in one process, so prom-client's global registry is never used). What is measured:
 * - requests: `http_requests_total` and `http_request_duration_seconds` by method, route pattern
 *   (`/v3/comic/index`, `/media/*`; never a raw URL, so the label set stays bounded) and status;
 * - the PostgreSQL pool: `db_pool_connections{state=total|idle|waiting}` and `db_pool_max`;
 * - caches: `cache_lookups_total{cache, result=hit|miss}` (services report through CacheMetrics);
 * - job queues: `job_queue_waiting`, `job_queue_active`, `job_queue_oldest_waiting_age_seconds`
 *   by queue, from collectors registered with `registerQueueStats` (read at scrape time);
 * - Node's process metrics (CPU, memory, event-loop lag, GC), started at the first scrape so test
 *   apps that are never scraped start no samplers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheMetrics } from './cache-metrics.js';

export interface QueueStat {
  queue: string;
  waiting: number;
  active: number;
  /** Age in seconds of the oldest job still waiting; 0 (or null) when none waits. */
  oldestWaitingAgeS: number | null;
}

export type QueueStatsCollector = () => Promise<QueueStat[]>;

/** Seconds; from a 2 ms cache answer to a 10 s give-up. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request that matched no route (404s, probes for random paths). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** A collector that does not answer in this long is skipped for this scrape. */
const QUEUE_STATS_TIMEOUT_MS = 2_000;

export class AppMetrics {
  readonly registry = new Registry();
  readonly cache: CacheMetrics;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly queueCollectors: QueueStatsCollector[] = [];
  private defaultsStarted = false;
  private pendingQueueStats: Promise<QueueStat[]> | null = null;

  constructor(private readonly log?: FastifyBaseLogger) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    const lookups = new Counter({
      name: 'cache_lookups_total',
      help: "Lookups in the server's in-memory caches, by cache and result (hit or miss).",
      labelNames: ['cache', 'result'],
      registers,
    });
    this.cache = {
      record: (cache, hit, count = 1) => {
        if (count > 0) lookups.inc({ cache, result: hit ? 'hit' : 'miss' }, count);
      },
    };
    this.registerQueueGauges();
  }

  /** Counts one answered request; `route` is the matched pattern (null: none matched). */
  observeRequest(method: string, route: string | null, status: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** Gauges over a PostgreSQL pool, read at scrape time. */
  observePool(pool: pg.Pool, max: number): void {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max',
      help: 'The most connections the PostgreSQL pool opens (DB_POOL_MAX).',
      registers: [this.registry],
    }).set(max);
  }

  /** Adds a source of job-queue figures (the integrator connects the queue's stats()). */
  registerQueueStats(collector: QueueStatsCollector): void {
    this.queueCollectors.push(collector);
  }

  /** The text a Prometheus scrape gets. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    if (!this.defaultsStarted) {
      this.defaultsStarted = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private registerQueueGauges(): void {
    const gauge = (name: string, help: string, value: (stat: QueueStat) => number) => {
      // The three gauges are collected concurrently at a scrape and share one read of the stats.
      const stats = () => {
        this.pendingQueueStats ??= this.queueStats().finally(() => {
          this.pendingQueueStats = null;
        });
        return this.pendingQueueStats;
      };
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [this.registry],
        async collect() {
          const current = await stats();
          this.reset();
          for (const stat of current) this.set({ queue: stat.queue }, value(stat));
        },
      });
    };
    gauge('job_queue_waiting', 'Jobs waiting in each queue.', (stat) => stat.waiting);
    gauge('job_queue_active', 'Jobs running in each queue.', (stat) => stat.active);
    gauge(
      'job_queue_oldest_waiting_age_seconds',
      'Age of the oldest waiting job in each queue (0 when none waits).',
      (stat) => stat.oldestWaitingAgeS ?? 0,
    );
  }

  private async queueStats(): Promise<QueueStat[]> {
    const all = await Promise.all(
      this.queueCollectors.map(async (collector) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          return await Promise.race([
            collector(),
            new Promise<never>((_resolve, reject) => {
              timer = setTimeout(() => reject(new Error('queue stats timed out')), QUEUE_STATS_TIMEOUT_MS);
            }),
          ]);
        } catch (error) {
          this.log?.warn({ module: 'metrics', err: error }, 'job queue stats not collected');
          return [];
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return all.flat();
  }
}
