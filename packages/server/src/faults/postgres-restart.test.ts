/**
 * PostgreSQL restarts under load: the real server (a child process) runs on a PostgreSQL cluster of
 * this test's own (initdb in a temp folder on a free port, so the shared test database is never
 * disturbed), eight clients keep creating sessions, and the cluster is stopped for three seconds
 * and started again. Meanwhile every request is answered (503 SERVICE_UNAVAILABLE with
 * Retry-After, never a hang, never a 500, never a crash); after the restart the server reconnects
 * by itself and answers as before.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processCaller, startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { freeLoopbackPort } from '../testing/free-port.js';

const ENVELOPE_KEY = randomBytes(16).toString('hex');
const API_KEY = `restart-${randomBytes(8).toString('hex')}`;
const CONNECT_TIMEOUT_MS = 1_000;

/** Debian's PostgreSQL binaries (the newest installed major). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = readdirSync(root)
    .map(Number)
    .filter((major) => existsSync(join(root, String(major), 'bin', 'pg_ctl')))
    .sort((a, b) => b - a);
  if (majors.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return join(root, String(majors[0]), 'bin');
}

/** PostgreSQL refuses to run as root: as root, run its tools as the postgres user. */
function pgTool(tool: string, args: string[]): void {
  const command = join(postgresBin(), tool);
  if (process.getuid?.() === 0)
    execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
  else execFileSync(command, args, { stdio: 'ignore' });
}

const home = mkdtempSync(join(tmpdir(), 'dm51-pg-restart-'));
const dataDir = join(home, 'cluster');
let port = 0;
let server: ServerProcess | undefined;

const startCluster = () =>
  pgTool('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(home, 'postgres.log'),
    '-w',
    'start',
  ]);
const stopCluster = () => pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

beforeAll(async () => {
  if (process.getuid?.() === 0)
    chownSync(home, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  pgTool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  port = await freeLoopbackPort();
  startCluster();
  server = await startServerProcess({
    DATA_DIR: join(home, 'server'),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    ENVELOPE_KEY,
    API_KEY,
    IMAGE_XOR_KEY: '77',
  });
}, 60_000);
afterAll(async () => {
  await server?.kill('SIGKILL');
  try {
    stopCluster();
  } catch {
    // already stopped
  }
  rmSync(home, { recursive: true, force: true });
});

interface Answer {
  at: number;
  ms: number;
  status: number;
  code: number | null;
  retryAfter: string | null;
}

const call = processCaller({ envelopeKey: ENVELOPE_KEY, apiKey: API_KEY });

/** A new guest session: a write on every call (a user row and a session row). */
async function newSession(base: string): Promise<Answer> {
  const started = Date.now();
  const answer = await call(
    base,
    '/v3/app/init',
    { deviceid: `restart-${randomBytes(6).toString('hex')}` },
    undefined,
    {
      timeoutMs: 15_000,
    },
  );
  return {
    at: started,
    ms: Date.now() - started,
    status: answer.status,
    code: answer.code,
    retryAfter: answer.headers.get('retry-after'),
  };
}

describe('PostgreSQL restarting under load', () => {
  it('answers 503 quickly while the database is down and recovers by itself', async () => {
    const base = server!.base;
    expect((await newSession(base)).code).toBe(ApiCode.OK);

    const answers: Answer[] = [];
    let running = true;
    const clients = Array.from({ length: 8 }, async () => {
      while (running) answers.push(await newSession(base));
    });

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const downAt = Date.now();
    stopCluster();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    startCluster();
    const upAt = Date.now();
    // Keep the load on until the server has answered OK again for a while.
    await expect
      .poll(() => answers.filter((answer) => answer.at > upAt && answer.code === ApiCode.OK).length, {
        timeout: 20_000,
        interval: 100,
      })
      .toBeGreaterThan(20);
    running = false;
    await Promise.all(clients);

    const during = answers.filter((answer) => answer.at > downAt + 200 && answer.at + answer.ms < upAt);
    console.log(
      `[pg-restart] ${answers.length} requests; while down: ${during.length}, ` +
        `answers ${JSON.stringify(countBy(during.map((answer) => `${answer.status}/${answer.code}`)))}, ` +
        `slowest ${Math.max(...during.map((answer) => answer.ms))} ms`,
    );
    expect(during.length).toBeGreaterThan(8);
    for (const answer of during) {
      expect([answer.status, answer.code]).toEqual([503, ApiCode.SERVICE_UNAVAILABLE]);
      expect(answer.retryAfter).toBe('2');
      // Refused at once or after the pool's connect timeout, never left hanging.
      expect(answer.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
    }
    expect(answers.some((answer) => answer.status === 500)).toBe(false);
    expect(server!.child.exitCode).toBeNull();
  }, 90_000);
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
