/**
 * Graceful shutdown of the real server process (server.ts), on SQLite or, when the suite runs with
 * DATABASE_URL, a fresh PostgreSQL database: SIGTERM while a request is in flight (its body still
 * arriving, as an upload's would) and another keep-alive connection sits idle. The in-flight
 * request completes with its answer (and `Connection: close`); the idle connection is closed; a new
 * connection is refused; the process exits 0. With SHUTDOWN_DELAY_MS, /readyz answers 503 at once
 * while requests are still served, then the same drain follows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { testDatabaseUrl } from '../testing/test-app.js';

const ENVELOPE_KEY = randomBytes(16).toString('hex');
const API_KEY = `drain-${randomBytes(8).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'dm51-drain-'));
const suiteUrl = testDatabaseUrl();
const pgDatabase = `drain_${randomBytes(6).toString('hex')}`;
const databaseUrl = suiteUrl ? suiteUrl.replace(/\/[^/?]*(\?|$)/, `/${pgDatabase}$1`) : null;
let server: ServerProcess | undefined;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteUrl! });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (databaseUrl) await adminQuery(`create database "${pgDatabase}"`);
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  if (databaseUrl) await adminQuery(`drop database if exists "${pgDatabase}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw HTTP/1.1 connection that records everything the server sends and when it closes. */
async function rawConnection(base: string) {
  const { hostname, port } = new URL(base);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    received: () => received,
    statuses: () => [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1])),
  };
}

const waitFor = async (what: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!what()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function start(env: Record<string, string> = {}) {
  server = await startServerProcess({
    DATA_DIR: dataDir,
    ENVELOPE_KEY,
    API_KEY,
    IMAGE_XOR_KEY: '77',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { base, child } = server;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  return { base, child, exited };
}

/** Headers and the first part of the body of a call sent; `finish()` sends the rest. */
async function startSlowCall(base: string) {
  const envelope = createEnvelope(ENVELOPE_KEY, nodeCfbCipher);
  const body = `data=${envelope.seal({
    user_token: '',
    user_id: 0,
    facility: 'Android_h5',
    deviceid: 'drain-device',
    apikey: API_KEY,
    is_guest: 1,
    timestamp: Date.now(),
  })}`;
  const connection = await rawConnection(base);
  connection.socket.write(
    `POST /v3/app/start HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
      `X-Request-Id: drain-test-1\r\n\r\n${body.slice(0, 40)}`,
  );
  // Let the server take the request in (routed, reading its body) before the signal.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    ...connection,
    finish: () => connection.socket.write(body.slice(40)),
  };
}

/** True once a new connection is refused (or, racing the close, answered 503). */
async function refusesNewConnections(base: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const refused = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.status === 503,
      () => true,
    );
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function expectCompletedCall(connection: Awaited<ReturnType<typeof startSlowCall>>) {
  expect(connection.statuses()).toEqual([200]);
  const head = connection.received().split('\r\n\r\n')[0]!;
  expect(head).toMatch(/^x-request-id: drain-test-1$/im);
  // The connection is not kept: the client opens its next one elsewhere.
  expect(head).toMatch(/^connection: close$/im);
  expect(connection.received()).toContain('{"code":1,"msg":"ok","data":"');
}

describe('graceful shutdown (SIGTERM)', () => {
  it('lets an in-flight request finish, closes idle connections, refuses new ones and exits 0', async () => {
    const { base, child, exited } = await start();
    const idle = await rawConnection(base);
    idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`);
    await waitFor(() => idle.statuses().length === 1);
    const slow = await startSlowCall(base);

    child.kill('SIGTERM');
    await idle.closed; // the idle keep-alive connection is closed at once
    expect(await refusesNewConnections(base)).toBe(true);
    expect(child.exitCode).toBeNull(); // still draining

    slow.finish();
    await slow.closed;
    expectCompletedCall(slow);
    expect(await exited).toBe(0);
  }, 90_000);

  it('with SHUTDOWN_DELAY_MS answers /readyz 503 while still serving, then drains and exits 0', async () => {
    const { base, child, exited } = await start({ SHUTDOWN_DELAY_MS: '2000' });
    const slow = await startSlowCall(base);

    child.kill('SIGTERM');
    let ready: Response;
    do {
      ready = await fetch(`${base}/readyz`);
    } while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'shutting down' });
    // Still live and serving during the delay.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    expect(await refusesNewConnections(base)).toBe(true);
    slow.finish();
    await slow.closed;
    expectCompletedCall(slow);
    expect(await exited).toBe(0);
  }, 90_000);
});
