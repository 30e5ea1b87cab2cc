import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayToDate, localDay } from '../../analytics/analytics-day.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
});
afterAll(async () => ctx.close());

const stored = (userId: number) =>
  ctx.db.selectFrom('analytics_events').selectAll().where('user_id', '=', userId).orderBy('id').execute();

function track(session: TestSession, events: unknown[], channel?: string) {
  return client.call<{ stored: number }>(
    '/v3/analytics/track',
    { events, ...(channel === undefined ? {} : { channel }) },
    { session },
  );
}

describe('/v3/analytics/track', () => {
  it('stores a batch with the user and channel, without secrets, and counts the user active today', async () => {
    const guest = await client.initGuest();
    const now = Date.now();
    const result = await track(
      guest,
      [
        {
          id: 'page_view',
          params: { route: '/pages/login/login', token: 'abc', password: 'x' },
          start_time: now,
        },
        {
          id: 'register',
          params: { method: 'email', email: 'a@b.c', tel: '1380000', code: '123456' },
          start_time: now,
        },
        { id: 'search', label: 'one piece', count: 2, start_time: now },
      ],
      'spring',
    );
    expect(result).toMatchObject({ code: 1, data: { stored: 3 } });
    const rows = await stored(guest.userId);
    expect(rows.map((row) => [row.name, row.channel, JSON.parse(row.params), row.count])).toEqual([
      ['page_view', 'spring', { route: '/pages/login/login' }, 1],
      ['register', 'spring', { method: 'email' }, 1],
      ['search', 'spring', {}, 2],
    ]);
    const today = dayToDate(localDay(now));
    const dashboard = ctx.app.services.analytics.dashboard;
    expect(await dashboard.activeUsers({ from: today, to: today, channel: 'spring' })).toEqual([
      { date: today, users: 1 },
    ]);
    expect(await dashboard.eventsPerDay({ from: today, to: today, channel: 'spring' }, ['search'])).toEqual([
      { date: today, name: 'search', events: 2 },
    ]);
  });

  it('takes the body navigator.sendBeacon sends (form-encoded with a charset), and 51dm for no channel', async () => {
    const guest = await client.initGuest();
    const body = new URLSearchParams({
      data: client.envelope.seal({
        ...client.mergedFields(guest),
        channel: '',
        events: [{ id: 'page_view', params: { route: '/pages/home/home' }, start_time: Date.now() }],
      }),
    }).toString();
    const answer = await client.post(
      '/v3/analytics/track',
      body,
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(answer.code).toBe(1);
    expect((await stored(guest.userId)).map((row) => row.channel)).toEqual(['51dm']);
  });

  it('refuses a bad batch with a code that says why, and stores none of it', async () => {
    const guest = await client.initGuest();
    const ok = { id: 'page_view', start_time: Date.now() };
    const cases: [unknown[], string | undefined, number, RegExp][] = [
      [
        Array.from({ length: 51 }, () => ok),
        undefined,
        ApiCode.ANALYTICS_BATCH_TOO_LARGE,
        /At most 50 events/,
      ],
      [[ok, { id: 'Page View', start_time: 1 }], undefined, ApiCode.ANALYTICS_EVENT_INVALID, /event 1: name/],
      [
        [{ id: 'late', start_time: Date.now() + 86_400_000 }],
        undefined,
        ApiCode.ANALYTICS_EVENT_INVALID,
        /future/,
      ],
      [
        [
          {
            id: 'wide',
            params: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])),
            start_time: 1,
          },
        ],
        undefined,
        ApiCode.ANALYTICS_EVENT_INVALID,
        /at most 20 params/,
      ],
      [[ok], 'spring sale!', ApiCode.ANALYTICS_CHANNEL_INVALID, /channel code/],
      [[{ id: 'page_view' }], undefined, ApiCode.PARAMS_INVALID, /start_time/],
    ];
    for (const [events, channel, code, msg] of cases) {
      const answer = await track(guest, events, channel);
      expect([answer.code, answer.msg]).toEqual([code, expect.stringMatching(msg)]);
    }
    expect(await stored(guest.userId)).toEqual([]);
    expect(
      await ctx.db.selectFrom('analytics_users').selectAll().where('user_id', '=', guest.userId).execute(),
    ).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const answer = await client.call('/v3/analytics/track', {
      events: [{ id: 'page_view', start_time: Date.now() }],
    });
    expect(answer.status).toBe(401);
  });
});
