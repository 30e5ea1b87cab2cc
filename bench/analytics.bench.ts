/**
 * First-party analytics at scale. Loads BENCH_EVENTS (10,000,000) events spread over
 * BENCH_DAYS (90) days from BENCH_USERS (50,000) users in five channels straight into the raw
 * table (set-based: generate_series on PostgreSQL, a recursive CTE on SQLite, in slices of a
 * million), builds the roll-ups from them (the repository's rebuild), then times each dashboard
 * query (median of BENCH_RUNS = 7) and finally ingestion: sealed batches of 10 events POSTed to
 * /v3/analytics/track of the real app by BENCH_CONNECTIONS (50) connections for BENCH_DURATION_S
 * (10) s, beside POST /bench/bare of the same server (reads the body, only answers).
 *
 * SQLite by default; DATABASE_URL=postgres://… runs on a fresh PostgreSQL database of its own.
 */
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { localDay, dayToDate } from '../packages/server/src/analytics/analytics-day.js';
import { isSqlite } from '../packages/server/src/db/migrations/helpers.js';
import type { Database } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { AnalyticsDashboardRepository } from '../packages/server/src/repositories/analytics-dashboard.repository.js';
import { AnalyticsRepository } from '../packages/server/src/repositories/analytics.repository.js';
import { AnalyticsDashboardService } from '../packages/server/src/services/analytics-dashboard.service.js';
import { E2E_KEYS, freePort } from '../e2e/support/server.js';
import { createBenchSeal } from './support/bench-seal.js';
import { measurePosts, type Measurement } from './support/autocannon-measure.js';
import { prepareStorage } from './support/bench-storage.js';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 10_000_000);
const USERS = Number(process.env['BENCH_USERS'] ?? 50_000);
const DAYS = Number(process.env['BENCH_DAYS'] ?? 90);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const BATCH = 10;
const SLICE = 1_000_000;
const BUDGET_MS = 200;

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(1);

/**
 * Events lo..hi of the generated history: event x falls on day (x-1)·DAYS/EVENTS, from a user
 * already arrived by then (users arrive evenly over the days, so each has a cohort), with a name
 * drawn by weight and the channel of its user. A multiplicative hash stands in for randomness, so
 * both databases get the same data.
 */
async function loadSlice(db: Database, firstDay: number, lo: number, hi: number): Promise<void> {
  const source = isSqlite(db)
    ? sql`(with recursive g(x) as (select ${sql.lit(lo)} union all select x + 1 from g where x < ${sql.lit(hi)}) select x from g)`
    : sql`(select x from generate_series(${sql.lit(lo)}::bigint, ${sql.lit(hi)}::bigint) as s(x))`;
  await sql`insert into analytics_events (user_id, name, label, params, value, count, start_time, channel, received_time, day)
    select user_id,
      case when bucket < 450 then 'page_view' when bucket < 650 then 'read_session' when bucket < 730 then 'search'
        when bucket < 850 then 'ad_impression' when bucket < 870 then 'ad_click' when bucket < 900 then 'login'
        when bucket < 940 then 'task_claim' when bucket < 970 then 'checkin' when bucket < 985 then 'order_place'
        when bucket < 993 then 'pay_success' else 'register' end,
      '', '{}', 0, 1, received_time * 1000,
      case user_id % 10 when 0 then 'douyin' when 1 then 'douyin' when 2 then 'kuaishou' when 3 then 'wechat'
        when 4 then 'qq' else '51dm' end,
      received_time, ${sql.lit(firstDay)} + day
    from (select 1 + h % (${sql.lit(USERS)} * (day + 1) / ${sql.lit(DAYS)}) as user_id, (h / 4096) % 1000 as bucket,
            day, (${sql.lit(firstDay)} + day) * 86400 + x % 86400 as received_time
          from (select x, (x - 1) * ${sql.lit(DAYS)} / ${sql.lit(EVENTS)} as day, (x * 2654435761) % 4294967296 as h
                from ${source} as g) as d) as e`.execute(db);
}

async function timeQuery(
  name: string,
  run: () => Promise<unknown[]>,
): Promise<{ name: string; ms: number; rows: number }> {
  let rows = 0;
  const times: number[] = [];
  await run(); // warm the caches, as a dashboard that is open would
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    rows = (await run()).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, ms: times[Math.floor(times.length / 2)]!, rows };
}

async function startBenchServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/analytics-bench-server.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ENVELOPE_KEY: E2E_KEYS.envelopeKey,
      API_KEY: E2E_KEYS.apiKey,
      LOG_LEVEL: 'warn',
      DEMO_LIBRARY: 'off',
      TRANSCODE: 'off',
      TIMESTAMP_WINDOW_S: '3600',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error('the bench server exited');
    if (
      await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the bench server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

async function measureIngestion(baseURL: string): Promise<{ track: Measurement; bare: Measurement }> {
  const { envelope, seal } = createBenchSeal();
  const sessions: Record<string, unknown>[] = [];
  for (let i = 0; i < 200; i += 1) {
    const deviceid = `bench-analytics-${i}`;
    const response = await fetch(`${baseURL}/v3/app/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: seal({ deviceid, user_token: '', user_id: 0, is_guest: 1 }),
    });
    const answer = (await response.json()) as { data: string };
    const init = envelope.open(answer.data) as { token: string; user: { id: number } };
    sessions.push({ user_token: init.token, user_id: init.user.id, deviceid, is_guest: 1 });
  }
  const names = [
    'page_view',
    'page_view',
    'page_view',
    'read_session',
    'search',
    'ad_impression',
    'page_view',
    'login',
    'task_claim',
    'page_view',
  ];
  // Sealed beforehand, so the bench process stays out of the server's CPU.
  const bodies = Array.from({ length: 4_000 }, (_, i) =>
    seal({
      ...sessions[i % sessions.length],
      channel: ['51dm', 'douyin', 'wechat'][i % 3],
      events: names.map((id, n) => ({
        id,
        params: { route: '/pages/home/home', n },
        start_time: Date.now(),
      })),
    }),
  );
  let next = 0;
  const body = () => bodies[next++ % bodies.length]!;
  const options = { connections: CONNECTIONS, durationS: DURATION_S };
  const bare = await measurePosts(`${baseURL}/bench/bare`, body, options);
  const track = await measurePosts(`${baseURL}/v3/analytics/track`, body, options);
  return { track, bare };
}

async function main(): Promise<void> {
  const storage = await prepareStorage('analytics');
  let db: Database | undefined = storage.connect();
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    await migrateToLatest(db);
    const today = localDay(Date.now());
    const firstDay = today - DAYS + 1;
    let start = performance.now();
    for (let lo = 1; lo <= EVENTS; lo += SLICE) {
      await loadSlice(db, firstDay, lo, Math.min(EVENTS, lo + SLICE - 1));
      process.stdout.write(`\rloaded ${Math.min(EVENTS, lo + SLICE - 1).toLocaleString('en')} events`);
    }
    console.log(` in ${seconds(start)} s`);
    start = performance.now();
    await new AnalyticsRepository(db).rebuildRollups();
    const tables = [
      'analytics_daily',
      'analytics_active',
      'analytics_users',
      'analytics_cohorts',
      'analytics_user_days',
    ];
    for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
    const sizes = await Promise.all(
      tables.map(async (table) => {
        const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db!);
        return `${table} ${Number(row.rows[0]!.n).toLocaleString('en')}`;
      }),
    );
    console.log(`roll-ups built from the raw events in ${seconds(start)} s (${sizes.join(', ')})`);

    const dashboard = new AnalyticsDashboardService(new AnalyticsDashboardRepository(db));
    const range = (days: number) => ({ from: dayToDate(today - days + 1), to: dayToDate(today) });
    const results = [
      await timeQuery('active users per day, 30 days', () => dashboard.activeUsers(range(30))),
      await timeQuery('active users per day and channel, 90 days', () =>
        dashboard.activeUsers(range(DAYS), { perChannel: true }),
      ),
      await timeQuery('new users per day, 90 days', () => dashboard.newUsers(range(DAYS))),
      await timeQuery('retention d1/d7/d30 of 60 cohorts', () =>
        dashboard.retention({ from: dayToDate(today - DAYS + 1), to: dayToDate(today - DAYS + 60) }),
      ),
      await timeQuery('funnel per channel, 90 days', () => dashboard.funnel(range(DAYS))),
      await timeQuery('funnel of one channel, 30 days', () =>
        dashboard.funnel({ ...range(30), channel: 'douyin' }),
      ),
      await timeQuery('events per name per day, 90 days', () => dashboard.eventsPerDay(range(DAYS))),
    ];
    await db.destroy();
    db = undefined;

    server = await startBenchServer(storage.env);
    const { track, bare } = await measureIngestion(server.baseURL);

    console.log(
      `\n${storage.kind}: ${EVENTS.toLocaleString('en')} events, ${USERS.toLocaleString('en')} users, ${DAYS} days`,
    );
    for (const result of results)
      console.log(
        `${result.name.padEnd(44)} ${result.ms.toFixed(1).padStart(7)} ms  (${result.rows} rows)  ${result.ms < BUDGET_MS ? 'ok' : 'OVER 200 ms'}`,
      );
    const line = (name: string, m: Measurement, events: number) =>
      `${name.padEnd(44)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s ${(m.requestsPerSecond * events).toFixed(0).padStart(7)} events/s   p50 ${m.p50Ms} ms   p99 ${m.p99Ms} ms   errors ${m.errors}`;
    console.log(`ingestion: ${CONNECTIONS} connections, ${DURATION_S} s each, batches of ${BATCH}`);
    console.log(line('POST /bench/bare (reads the body, answers)', bare, 0));
    console.log(line('POST /v3/analytics/track', track, BATCH));
    console.log(`RATIO track/bare: ${(track.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}`);
    if (results.some((result) => result.ms >= BUDGET_MS) || track.errors > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    await db?.destroy();
    await storage.drop();
  }
}

await main();
