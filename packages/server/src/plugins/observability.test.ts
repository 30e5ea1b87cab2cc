import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { LocalMediaStore } from '../media/local-media-store.js';
import { buildTestApp, makeTestConfig, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

const onPostgres = testDatabaseUrl() !== null;

/** The value of one sample line of the Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('health, readiness, metrics and request ids', () => {
  let ctx: TestApp;
  let client: TestClient;
  let session: TestSession;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await buildTestApp({}, { loggerInstance: pino({ level: 'debug' }, stream) });
    client = createTestClient(ctx);
    session = await client.initGuest();
  });
  afterAll(async () => ctx.close());

  const scrape = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers /healthz (live) and /readyz (database and media reachable) with 200', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { status: 'ok' }, media: { status: 'ok' } },
    });
  });

  it('counts an envelope call under its call path, with duration buckets', async () => {
    const home = await client.call('/v3/comic/index', {}, { session });
    expect(home.code).toBe(1);
    const text = await scrape();
    const labels = { method: 'POST', route: '/v3/comic/index', status: '200' };
    expect(sample(text, 'http_requests_total', labels)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '0.005' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    // Node's own process metrics come with it.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('labels routes by pattern, never by raw URL', async () => {
    await ctx.app.inject({ method: 'GET', url: '/media/ab/cd/no-such-object-12345.jpg' });
    await ctx.app.inject({ method: 'GET', url: '/no/such/page/98765' });
    await client.call('/v3/no/such/call/4242', {}, { session });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { route: '/media/*', status: '404' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'http_requests_total', { route: '(unmatched)' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/12345|98765|4242/);
  });

  it('counts a repeated home call as a cache hit', async () => {
    const before = (await scrape()).toString();
    const hitsBefore = sample(before, 'cache_lookups_total', { cache: 'home', result: 'hit' }) ?? 0;
    expect((await client.call('/v3/book/index', {}, { session })).code).toBe(1);
    expect((await client.call('/v3/book/index', {}, { session })).code).toBe(1);
    const after = await scrape();
    expect(sample(after, 'cache_lookups_total', { cache: 'home', result: 'hit' })).toBeGreaterThanOrEqual(
      hitsBefore + 1,
    );
    expect(sample(after, 'cache_lookups_total', { cache: 'home', result: 'miss' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the PostgreSQL pool (none on SQLite, which has one connection)', async () => {
    const text = await scrape();
    if (!onPostgres) {
      expect(text).not.toContain('db_pool_connections');
      return;
    }
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'db_pool_max')).toBe(20);
  });

  it('shows job queues from registered collectors; a failing collector hides only its own', async () => {
    ctx.app.metrics.registerQueueStats(async () => [
      { queue: 'transcode', waiting: 3, active: 1, oldestWaitingAgeS: 42.5 },
      { queue: 'import', waiting: 0, active: 0, oldestWaitingAgeS: null },
    ]);
    ctx.app.metrics.registerQueueStats(async () => {
      throw new Error('queue database away');
    });
    const text = await scrape();
    expect(sample(text, 'job_queue_waiting', { queue: 'transcode' })).toBe(3);
    expect(sample(text, 'job_queue_active', { queue: 'transcode' })).toBe(1);
    expect(sample(text, 'job_queue_oldest_waiting_age_seconds', { queue: 'transcode' })).toBe(42.5);
    expect(sample(text, 'job_queue_oldest_waiting_age_seconds', { queue: 'import' })).toBe(0);
  });

  it('serves /metrics to direct loopback clients only when no token is set', async () => {
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 1741 });
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    expect(remote.body).not.toContain('http_requests_total');
  });

  it('echoes a safe X-Request-Id and logs the request under it', async () => {
    lines.length = 0;
    const id = 'lb-7f3a9c:0001.abc';
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: id, msg: 'request completed', url: '/readyz' }),
    );
  });

  it('replaces a missing, too long or unsafe X-Request-Id with a fresh one', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, 'x'.repeat(129), 'bad id\twith spaces', '<script>']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
    // Also on answers the not-found and error handlers write.
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'x-request-id': 'nf-1' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('nf-1');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/v3/app/start',
      headers: { 'x-request-id': 'bad-body-1', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(refused.json()).toMatchObject({ code: 1001 });
    expect(refused.headers['x-request-id']).toBe('bad-body-1');
  });

  it('answers /readyz 503 at once while shutting down, and /healthz still 200', async () => {
    const extra = await buildTestApp();
    try {
      extra.app.readiness.markDraining();
      const ready = await extra.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'shutting down' });
      const live = await extra.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.headers['connection']).toBe('close');
    } finally {
      await extra.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestApp;
  const token = 'scrape-token-0123456789abcdef';
  beforeAll(async () => {
    ctx = await buildTestApp({ metricsToken: token });
  });
  afterAll(async () => ctx.close());

  it('needs the bearer token, from loopback too', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcde', token]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ code: 1740 });
    }
    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('http_requests_total');
  });
});

/** A loopback TCP relay to PostgreSQL that can refuse (and drop) connections for a while. */
async function pgRelay(target: URL) {
  const sockets = new Set<Socket>();
  let blocked = false;
  const server = createServer((socket) => {
    if (blocked) return void socket.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const side of [socket, upstream]) {
      sockets.add(side);
      side.on('error', () => undefined);
      side.on('close', () => sockets.delete(side));
    }
    socket.pipe(upstream).pipe(socket);
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    block() {
      blocked = true;
      for (const socket of sockets) socket.destroy();
    },
    unblock() {
      blocked = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A ready app whose database can be taken away: PostgreSQL behind a relay, or a SQLite handle closed. */
async function appWithDetachableDatabase(closers: Array<() => Promise<void>>) {
  const pgUrl = testDatabaseUrl();
  if (pgUrl) {
    const relay = await pgRelay(new URL(pgUrl));
    closers.push(() => relay.close());
    const ctx = await buildTestApp({
      databaseUrl: relay.url,
      dbPool: { max: 5, connectTimeoutMs: 1_000, preparedStatements: true },
    });
    closers.unshift(async () => {
      relay.unblock();
      await ctx.close();
    });
    return { app: ctx.app, cut: async () => relay.block(), restore: async () => relay.unblock() };
  }
  const ctx = await buildTestApp();
  closers.push(() => ctx.close());
  const db = createDatabase(ctx.config);
  const app = await buildApp(ctx.config, { db });
  await app.ready();
  closers.unshift(() => app.close());
  return { app, cut: () => db.destroy(), restore: null };
}

describe('/readyz when a dependency is down', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('answers 503 naming the database while it cannot be reached, 200 again once it is back; /healthz stays 200', async () => {
    const { app, cut, restore } = await appWithDetachableDatabase(closers);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await cut();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      failed: ['database'],
      checks: { database: { status: 'failed' }, media: { status: 'ok' } },
    });
    expect(ready.body).not.toMatch(/ECONN|127\.0\.0\.1|app\.db/);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    if (restore) {
      await restore();
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
  });

  it('answers 503 naming the media store when its folder cannot be written, and a check that hangs times out', async () => {
    const config = makeTestConfig();
    const blocker = join(config.dataDir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the media folder should be');
    const ctx = await buildTestApp(config, {});
    closers.push(() => ctx.close());
    const app = await buildApp(config, { db: ctx.db, media: new LocalMediaStore(join(blocker, 'media')) });
    closers.unshift(() => app.close());
    app.readiness.register('redis', () => new Promise(() => undefined), { timeoutMs: 50 });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      failed: ['media', 'redis'],
      checks: { database: { status: 'ok' }, media: { status: 'failed' }, redis: { status: 'timeout' } },
    });
  });
});
