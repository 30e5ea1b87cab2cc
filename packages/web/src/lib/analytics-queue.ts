/**
 * The analytics queue (spec §3 event records, §9 "analytics bridge re-sends held events after
 * 500 ms"), free of the browser so it can be tested with fake timers and fake senders. Events are
 * batched: the first one starts a 2 s timer, and each flush sends at most 50 (the call's limit).
 * Without a session the batch is held and tried again 500 ms later; a failed send goes back to the
 * head of the queue and is retried with a growing pause, so a dead network costs a few calls, not a
 * storm. A rejected batch (the server answered with a code) is dropped: sending it again would be
 * rejected again. When the page is hidden or unloaded, `flushBeacon` hands everything to the
 * browser's beacon, which outlives the page. With Do Not Track or the user's opt-out nothing is
 * queued at all (and opting out drops what was queued); params never carry secrets.
 */
import { ANALYTICS_LIMITS, stripSecretParams } from '@dm51/shared';

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
  /** navigator.sendBeacon with the sealed batch: true when the browser took it. */
  beacon(events: AnalyticsRecord[], channel: string): boolean;
  hasSession(): boolean;
  channel(): string;
  /** Do Not Track, or the user's own switch in settings. */
  disabled(): boolean;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const ANALYTICS = {
  flushMs: 2_000,
  holdRetryMs: 500,
  batchMax: ANALYTICS_LIMITS.batchMax,
  /** Oldest events go first when a long outage piles up more than this. */
  queueMax: 500,
  maxBackoffMs: 60_000,
  labelMax: 120,
} as const;

export interface AnalyticsQueue {
  track(id: string, options?: TrackOptions): void;
  /** Sends what is queued now with a call. */
  flush(): Promise<void>;
  /** The page is going away: give everything queued to the beacon (kept when there is no session). */
  flushBeacon(): void;
  /** Drops everything queued (the user opted out). */
  clear(): void;
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

  function flushBeacon(): void {
    // Without a session the server would refuse the beacon; the events wait for the page to return.
    if (!deps.hasSession()) return;
    while (queue.length > 0) {
      const batch = queue.slice(0, ANALYTICS.batchMax);
      if (!deps.beacon(batch, deps.channel())) return;
      queue.splice(0, batch.length);
    }
  }

  return {
    track(id, options = {}) {
      if (deps.disabled()) return;
      queue.push({
        id,
        label: (options.label ?? '').slice(0, ANALYTICS.labelMax),
        params: stripSecretParams(options.params ?? {}),
        value: options.value ?? 0,
        count: 1,
        start_time: Math.round(deps.now()),
      });
      if (queue.length > ANALYTICS.queueMax) queue.shift();
      schedule(ANALYTICS.flushMs);
    },
    flush,
    flushBeacon,
    clear: () => void queue.splice(0),
    pending: () => queue.length,
  };
}

/**
 * The page-view record of a route: its path only. Queries carry ids, search words and sometimes
 * codes or tokens (invite links, payment returns), so none of it is sent.
 */
export function pageViewOptions(pathname: string): TrackOptions {
  return { label: pathname, params: { route: pathname } };
}
