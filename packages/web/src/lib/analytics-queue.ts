/**
 * The analytics queue (spec §3 event records, §9 "analytics bridge re-sends held events after
 * 500 ms"), free of the browser so it can be tested with fake timers and a fake sender. Events are
 * batched: the first one starts a 2 s timer, and each flush sends at most 50 (the call's limit).
 * Without a session the batch is held and tried again 500 ms later; a failed send goes back to the
 * head of the queue and is retried with a growing pause, so a dead network costs a few calls, not a
 * storm. A rejected batch (the server answered with a code) is dropped: sending it again would be
 * rejected again. With Do Not Track on nothing is queued at all.
 */
export interface AnalyticsRecord {
  id: string;
  label: string;
  params: Record<string, string | number | boolean>;
  value: number;
  count: number;
  /** When it happened on the client (ms since the epoch). */
  start_time: number;
}

export interface TrackOptions {
  label?: string;
  params?: Record<string, string | number | boolean>;
  value?: number;
}

/** What a send can end in: stored, rejected for good (drop), or failed for now (retry). */
export type SendOutcome = 'sent' | 'rejected' | 'failed';

export interface AnalyticsDeps {
  send(events: AnalyticsRecord[], channel: string): Promise<SendOutcome>;
  hasSession(): boolean;
  channel(): string;
  doNotTrack(): boolean;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const ANALYTICS = {
  flushMs: 2_000,
  holdRetryMs: 500,
  batchMax: 50,
  /** Oldest events go first when a long outage piles up more than this. */
  queueMax: 500,
  maxBackoffMs: 60_000,
} as const;

export interface AnalyticsQueue {
  track(id: string, options?: TrackOptions): void;
  /** Sends what is queued now (visibilitychange hidden, tests). */
  flush(): Promise<void>;
  pending(): number;
}

export function createAnalyticsQueue(deps: AnalyticsDeps): AnalyticsQueue {
  const queue: AnalyticsRecord[] = [];
  let timer: { handle: unknown; due: number } | null = null;
  let sending = false;
  let failures = 0;

  const schedule = (ms: number) => {
    const due = deps.now() + ms;
    if (timer && timer.due <= due) return;
    if (timer) deps.clearTimer(timer.handle);
    timer = {
      due,
      handle: deps.setTimer(() => {
        timer = null;
        void flush();
      }, ms),
    };
  };

  async function flush(): Promise<void> {
    if (sending || queue.length === 0) return;
    if (!deps.hasSession()) {
      schedule(ANALYTICS.holdRetryMs);
      return;
    }
    const batch = queue.splice(0, ANALYTICS.batchMax);
    sending = true;
    let outcome: SendOutcome;
    try {
      outcome = await deps.send(batch, deps.channel());
    } catch {
      outcome = 'failed';
    } finally {
      sending = false;
    }
    if (outcome === 'failed') {
      queue.unshift(...batch);
      queue.splice(0, Math.max(0, queue.length - ANALYTICS.queueMax));
      failures += 1;
      schedule(Math.min(ANALYTICS.flushMs * 2 ** failures, ANALYTICS.maxBackoffMs));
      return;
    }
    failures = 0;
    if (queue.length > 0) schedule(0);
  }

  return {
    track(id, options = {}) {
      if (deps.doNotTrack()) return;
      queue.push({
        id,
        label: options.label ?? '',
        params: options.params ?? {},
        value: options.value ?? 0,
        count: 1,
        start_time: Math.round(deps.now()),
      });
      if (queue.length > ANALYTICS.queueMax) queue.shift();
      schedule(ANALYTICS.flushMs);
    },
    flush,
    pending: () => queue.length,
  };
}
