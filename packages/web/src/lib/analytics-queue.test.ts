import { describe, expect, it } from 'vitest';
import {
  ANALYTICS,
  createAnalyticsQueue,
  pageViewOptions,
  type AnalyticsRecord,
  type SendOutcome,
} from './analytics-queue';

/** A hand-driven clock: timers run only when `advance` passes their due time. */
function harness(
  options: { session?: boolean; dnt?: boolean; outcomes?: SendOutcome[]; beaconTakes?: number } = {},
) {
  let now = 1_000;
  let session = options.session ?? true;
  let disabled = options.dnt ?? false;
  let beaconTakes = options.beaconTakes ?? Infinity;
  const beacons: { events: AnalyticsRecord[]; channel: string }[] = [];
  const outcomes = [...(options.outcomes ?? [])];
  const timers = new Map<number, { due: number; run: () => void }>();
  let nextId = 1;
  const sent: { events: AnalyticsRecord[]; channel: string }[] = [];
  const queue = createAnalyticsQueue({
    send: async (events, channel) => {
      sent.push({ events: [...events], channel });
      return outcomes.shift() ?? 'sent';
    },
    beacon: (events, channel) => {
      if (beaconTakes <= 0) return false;
      beaconTakes -= 1;
      beacons.push({ events: [...events], channel });
      return true;
    },
    hasSession: () => session,
    channel: () => 'promo7',
    disabled: () => disabled,
    now: () => now,
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.set(id, { due: now + ms, run });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  });
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const next = [...timers.entries()].sort((a, b) => a[1].due - b[1].due)[0];
      if (!next || next[1].due > end) break;
      timers.delete(next[0]);
      now = next[1].due;
      next[1].run();
      // Let the async flush (and the fake send) settle before the next timer.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    }
    now = end;
  }
  return {
    queue,
    sent,
    beacons,
    advance,
    setSession: (on: boolean) => (session = on),
    setDisabled: (on: boolean) => (disabled = on),
    setBeaconTakes: (n: number) => (beaconTakes = n),
  };
}

describe('analytics queue', () => {
  it('waits 2 s, then sends one batch with the channel and the spec §3 record fields', async () => {
    const h = harness();
    h.queue.track('order_place', { params: { type: 'vip', amount_fen: 1500 }, value: 1500 });
    h.queue.track('order_cancel');
    await h.advance(ANALYTICS.flushMs - 1);
    expect(h.sent).toHaveLength(0);
    await h.advance(1);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.channel).toBe('promo7');
    expect(h.sent[0]!.events).toEqual([
      {
        id: 'order_place',
        label: '',
        params: { type: 'vip', amount_fen: 1500 },
        value: 1500,
        count: 1,
        start_time: 1_000,
      },
      { id: 'order_cancel', label: '', params: {}, value: 0, count: 1, start_time: 1_000 },
    ]);
    expect(h.queue.pending()).toBe(0);
  });

  it('splits more than 50 events into batches of at most 50', async () => {
    const h = harness();
    for (let i = 0; i < 120; i += 1) h.queue.track(`e${i}`);
    await h.advance(ANALYTICS.flushMs);
    expect(h.sent.map((b) => b.events.length)).toEqual([50, 50, 20]);
    expect(h.sent.flatMap((b) => b.events.map((e) => e.id))[119]).toBe('e119');
  });

  it('holds events while there is no session and tries again every 500 ms', async () => {
    const h = harness({ session: false });
    h.queue.track('pay_success');
    await h.advance(ANALYTICS.flushMs + ANALYTICS.holdRetryMs * 3);
    expect(h.sent).toHaveLength(0);
    expect(h.queue.pending()).toBe(1);
    h.setSession(true);
    await h.advance(ANALYTICS.holdRetryMs);
    expect(h.sent).toHaveLength(1);
    expect(h.queue.pending()).toBe(0);
  });

  it('puts a failed batch back first and retries later; drops a rejected one', async () => {
    const h = harness({ outcomes: ['failed', 'sent'] });
    h.queue.track('a');
    await h.advance(ANALYTICS.flushMs);
    expect(h.queue.pending()).toBe(1);
    h.queue.track('b');
    await h.advance(ANALYTICS.flushMs * 2);
    expect(h.sent.map((b) => b.events.map((e) => e.id))).toEqual([['a'], ['a', 'b']]);
    expect(h.queue.pending()).toBe(0);

    const r = harness({ outcomes: ['rejected'] });
    r.queue.track('bad');
    await r.advance(ANALYTICS.flushMs * 10);
    expect(r.sent).toHaveLength(1);
    expect(r.queue.pending()).toBe(0);
  });

  it('sends nothing with Do Not Track on', async () => {
    const h = harness({ dnt: true });
    h.queue.track('order_place');
    await h.queue.flush();
    await h.advance(ANALYTICS.flushMs * 5);
    expect(h.sent).toHaveLength(0);
    expect(h.queue.pending()).toBe(0);
  });

  it('flush sends at once (the page is being hidden)', async () => {
    const h = harness();
    h.queue.track('order_place');
    await h.queue.flush();
    expect(h.sent).toHaveLength(1);
  });

  it('hands everything queued to the beacon when the page is hidden, 50 per beacon', async () => {
    const h = harness();
    for (let i = 0; i < 60; i += 1) h.queue.track(`e${i}`);
    h.queue.flushBeacon();
    expect(h.beacons.map((b) => [b.events.length, b.channel])).toEqual([
      [50, 'promo7'],
      [10, 'promo7'],
    ]);
    expect(h.queue.pending()).toBe(0);
    await h.advance(ANALYTICS.flushMs * 2);
    expect(h.sent).toHaveLength(0);
  });

  it('keeps what the beacon refused or could not send without a session, and sends it later', async () => {
    const h = harness({ beaconTakes: 0 });
    h.queue.track('a');
    h.queue.flushBeacon();
    expect(h.queue.pending()).toBe(1);
    h.setSession(false);
    h.setBeaconTakes(5);
    h.queue.flushBeacon();
    expect(h.beacons).toHaveLength(0);
    h.setSession(true);
    await h.advance(ANALYTICS.flushMs);
    expect(h.sent.map((b) => b.events.map((e) => e.id))).toEqual([['a']]);
  });

  it('sends nothing once the user opts out, and forgets what was queued', async () => {
    const h = harness();
    h.queue.track('before');
    h.setDisabled(true);
    h.queue.clear();
    h.queue.track('after');
    await h.advance(ANALYTICS.flushMs * 3);
    h.queue.flushBeacon();
    expect([h.sent.length, h.beacons.length, h.queue.pending()]).toEqual([0, 0, 0]);
  });

  it('never queues a secret param, and cuts long labels', async () => {
    const h = harness();
    h.queue.track('login', {
      label: 'x'.repeat(300),
      params: {
        method: 'account',
        token: 't',
        user_token: 't',
        password: 'p',
        tel: '138',
        email: 'a@b',
        code: '1',
      },
    });
    await h.advance(ANALYTICS.flushMs);
    const event = h.sent[0]!.events[0]!;
    expect(event.params).toEqual({ method: 'account' });
    expect(event.label).toHaveLength(ANALYTICS.labelMax);
  });

  it('describes a page view by its route path only', () => {
    expect(pageViewOptions('/pages/user/invite/write')).toEqual({
      label: '/pages/user/invite/write',
      params: { route: '/pages/user/invite/write' },
    });
  });
});
