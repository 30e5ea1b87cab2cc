/**
 * Roll-ups and the dashboard's aggregates on a small dataset with known answers, through the real
 * ingestion (with a clock the test moves), on the test database (SQLite or PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayToDate, localDay } from '../analytics/analytics-day.js';
import { AnalyticsRepository } from '../repositories/analytics.repository.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { AnalyticsService } from './analytics.service.js';

let ctx: TestApp;
let clock = 0;
let service: AnalyticsService;
/** Noon of day 0 of the dataset, 60 days ago, in the server's time zone. */
const base = Date.now() - 60 * 86_400_000;
const at = (day: number) => new Date(base + day * 86_400_000).setHours(12, 0, 0, 0);
const date = (day: number) => dayToDate(localDay(at(day)));

/** Who does what on which day (channel a or b); the expectations below follow from this. */
const SCRIPT: [user: number, channel: string, day: number, names: string[]][] = [
  [1, 'a', 0, ['page_view', 'register']],
  [1, 'a', 1, ['page_view', 'read_session']],
  [1, 'a', 7, ['page_view', 'pay_success']],
  [2, 'a', 0, ['page_view']],
  [2, 'a', 7, ['page_view']],
  [3, 'b', 0, ['page_view', 'register', 'read_session']],
  // A later batch from another channel does not move user 3's first-touch attribution.
  [3, 'c', 1, ['page_view']],
  [4, 'b', 1, ['page_view', 'register']],
];

async function play(): Promise<void> {
  for (const [user, channel, day, names] of SCRIPT) {
    clock = at(day);
    await service.store(
      user,
      channel,
      names.map((id) => ({
        id,
        label: '',
        params: {},
        value: 0,
        count: id === 'page_view' ? 2 : 1,
        start_time: clock,
      })),
    );
  }
}

beforeAll(async () => {
  ctx = await buildTestApp();
  service = new AnalyticsService(new AnalyticsRepository(ctx.db), 3, null, () => clock);
  await play();
});
afterAll(async () => ctx.close());

const range = (from: number, to: number, channel?: string) => ({
  from: date(from),
  to: date(to),
  ...(channel ? { channel } : {}),
});

describe('analytics roll-ups and dashboard', () => {
  it('counts active users per day, overall and per first-touch channel', async () => {
    const dashboard = ctx.app.services.analytics.dashboard;
    expect(await dashboard.activeUsers(range(0, 7))).toEqual([
      { date: date(0), users: 3 },
      { date: date(1), users: 3 },
      { date: date(7), users: 2 },
    ]);
    expect(await dashboard.activeUsers(range(1, 1), { perChannel: true })).toEqual([
      { date: date(1), channel: 'a', users: 1 },
      { date: date(1), channel: 'b', users: 2 },
    ]);
  });

  it('counts new users (first seen) and registrations per day', async () => {
    expect(await ctx.app.services.analytics.dashboard.newUsers(range(0, 7))).toEqual([
      { date: date(0), first_seen: 3, registered: 2 },
      { date: date(1), first_seen: 1, registered: 1 },
    ]);
  });

  it('answers retention by cohort on days 1, 7 and 30', async () => {
    const dashboard = ctx.app.services.analytics.dashboard;
    expect(await dashboard.retention(range(0, 7))).toEqual([
      { cohort: date(0), users: 3, retained: { 1: 2, 7: 2, 30: 0 } },
      { cohort: date(1), users: 1, retained: { 1: 0, 7: 0, 30: 0 } },
    ]);
    expect(await dashboard.retention(range(0, 0, 'a'), [7])).toEqual([
      { cohort: date(0), users: 2, retained: { 7: 2 } },
    ]);
  });

  it('walks the visit → register → first read → first top-up funnel per channel', async () => {
    expect(await ctx.app.services.analytics.dashboard.funnel(range(0, 1))).toEqual([
      { channel: 'a', visit: 2, register: 1, first_read: 1, first_topup: 1 },
      { channel: 'b', visit: 2, register: 2, first_read: 1, first_topup: 0 },
    ]);
  });

  it('sums events per name and day (the records’ counts)', async () => {
    const dashboard = ctx.app.services.analytics.dashboard;
    expect(await dashboard.eventsPerDay(range(0, 0), ['page_view', 'register'])).toEqual([
      { date: date(0), name: 'page_view', events: 6 },
      { date: date(0), name: 'register', events: 2 },
    ]);
    expect(await dashboard.eventsPerDay(range(1, 1, 'c'))).toEqual([
      { date: date(1), name: 'page_view', events: 2 },
    ]);
  });

  it('refuses a range that is not two ordered dates', async () => {
    const dashboard = ctx.app.services.analytics.dashboard;
    await expect(dashboard.activeUsers({ from: '2026-13-01', to: '2026-12-01' })).rejects.toMatchObject({
      code: 1454,
    });
    await expect(dashboard.funnel({ from: date(2), to: date(1) })).rejects.toThrow(
      /from must not be after to/,
    );
  });

  it('rebuilds from the raw events exactly what ingestion rolled up', async () => {
    const snapshot = async () =>
      Promise.all(
        (
          [
            'analytics_daily',
            'analytics_active',
            'analytics_users',
            'analytics_cohorts',
            'analytics_user_days',
          ] as const
        ).map(async (table) =>
          (await ctx.db.selectFrom(table).selectAll().execute())
            .map((row) =>
              JSON.stringify(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)])),
            )
            .sort(),
        ),
      );
    const before = await snapshot();
    await service.rebuildRollups();
    expect(await snapshot()).toEqual(before);
  });

  it('purges raw events past the retention and keeps the roll-ups', async () => {
    clock = at(8);
    // Retention 3 days on day 8: days 6, 7 and 8 are kept.
    expect(await service.purge()).toBe(11);
    const left = await ctx.db.selectFrom('analytics_events').select('day').execute();
    expect(left.map((row) => dayToDate(row.day))).toEqual([date(7), date(7), date(7)]);
    expect(await ctx.app.services.analytics.dashboard.activeUsers(range(0, 0))).toEqual([
      { date: date(0), users: 3 },
    ]);
    expect(await service.purge()).toBe(0);
  });
});
