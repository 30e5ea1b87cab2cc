/**
 * Forwards stored events to a self-hosted analytics product in the background. Ingestion only
 * `offer`s events to a bounded in-memory queue and returns; a timer sends them in batches, one
 * batch at a time. A peer that is down costs a logged warning and a growing pause, never a slow or
 * failed ingestion; when the queue is full the oldest events are dropped (and counted): the first-
 * party tables stay the record, the forwarder is a copy.
 */
import type { FastifyBaseLogger } from 'fastify';

/** One event as it leaves the server: secrets were already removed from `params`. */
export interface ForwardEvent {
  name: string;
  userId: number;
  channel: string;
  label: string;
  params: Record<string, string | number | boolean>;
  value: number;
  count: number;
  /** Client start time, ms. */
  time: number;
}

/** A product that receives batches (PostHog today; Umami or Plausible would implement the same). */
export interface ForwardTarget {
  readonly name: string;
  send(events: readonly ForwardEvent[]): Promise<void>;
}

export interface ForwarderOptions {
  batchMax: number;
  intervalMs: number;
  queueMax: number;
  maxBackoffMs: number;
}

/** A stopping server sends what is queued once, but waits no longer than this (its grace is 10 s). */
const STOP_WAIT_MS = 3_000;

const DEFAULTS: ForwarderOptions = {
  batchMax: 200,
  intervalMs: 2_000,
  queueMax: 20_000,
  maxBackoffMs: 60_000,
};

export class AnalyticsForwarder {
  private queue: ForwardEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  private failures = 0;
  private nextTryAt = 0;
  /** Events dropped because the queue was full (a peer down for a long time). */
  dropped = 0;
  forwarded = 0;
  private readonly options: ForwarderOptions;

  constructor(
    private readonly target: ForwardTarget,
    private readonly log: FastifyBaseLogger,
    options: Partial<ForwarderOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  get pending(): number {
    return this.queue.length;
  }

  offer(events: readonly ForwardEvent[]): void {
    this.queue.push(...events);
    const over = this.queue.length - this.options.queueMax;
    if (over > 0) {
      this.queue.splice(0, over);
      this.dropped += over;
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and sends what is queued (one try, at most 3 s: a stopping server cannot wait). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.nextTryAt = 0;
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      this.flush(),
      new Promise<void>((resolve) => {
        waited = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(waited);
  }

  /** Sends every queued batch now, unless a failure's pause is still running. */
  async flush(): Promise<void> {
    if (this.sending) return this.sending;
    if (Date.now() < this.nextTryAt) return;
    this.sending = this.drain().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.options.batchMax);
      try {
        await this.target.send(batch);
      } catch (error) {
        this.failures += 1;
        const pause = Math.min(this.options.intervalMs * 2 ** this.failures, this.options.maxBackoffMs);
        this.nextTryAt = Date.now() + pause;
        this.log.warn(
          { module: 'analytics', target: this.target.name, err: error, pending: this.queue.length },
          `forwarding analytics failed; next try in ${pause} ms`,
        );
        return;
      }
      this.queue.splice(0, batch.length);
      this.forwarded += batch.length;
      this.failures = 0;
    }
  }
}
