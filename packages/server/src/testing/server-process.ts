/**
 * The real server as a child process (from source through tsx), for tests that must kill it with
 * SIGKILL and start it again on the same storage: crash recovery of payments, write bursts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER = ['--conditions=source', '--import', 'tsx', 'packages/server/src/server.ts'];

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  base: string;
  /** Sends the signal and waits for the process to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server with `env` over a quiet default (no demo library, no transcoding, no load
 * shedding, a free port)
 * and answers once it listens (read from its JSON log line). `DATABASE_URL` is taken only from
 * `env`, so a suite running on PostgreSQL does not move a SQLite test's server there.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { DATABASE_URL: _fromSuite, ...inherited } = process.env;
  const child = spawn(process.execPath, SERVER, {
    cwd: REPO,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_LIBRARY: 'off',
      TRANSCODE: 'off',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // From source, tsx compiles each module on its first use, synchronously: on a busy test
      // machine the first requests after a start stall the event loop past the shedding threshold
      // and would be answered 503. None of these tests is about shedding (load-shedding.test.ts is).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolveBase, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // not left running behind a failed test
      reject(new Error('server did not start in 30 s'));
    }, 30_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveBase(match[1]!);
      }
    });
  });
  return {
    child,
    base,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      await exited;
    },
  };
}

export interface ProcessSession {
  token: string;
  uid: number;
  deviceid?: string;
}

export interface ProcessAnswer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  /** The opened `data`, or null when the answer carried none. */
  data: T | null;
  headers: Headers;
}

/**
 * Calls a server process over HTTP the way the web app does (merged session fields, sealed body),
 * with that server's ENVELOPE_KEY and API_KEY.
 */
export function processCaller(keys: { envelopeKey: string; apiKey: string }) {
  const envelope = createEnvelope(keys.envelopeKey, nodeCfbCipher);
  return async function call<T = unknown>(
    base: string,
    path: string,
    payload: Record<string, unknown>,
    session?: ProcessSession,
    options: { timeoutMs?: number } = {},
  ): Promise<ProcessAnswer<T>> {
    const body = {
      user_token: session?.token ?? '',
      user_id: session?.uid ?? 0,
      facility: 'Android_h5',
      deviceid: session?.deviceid ?? 'process-test-device',
      apikey: keys.apiKey,
      is_guest: session ? 0 : 1,
      timestamp: Date.now(),
      ...payload,
    };
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `data=${envelope.seal(body)}`,
      ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    });
    const json = (await response.json()) as { code: number; msg: string; data: string | null };
    const data = typeof json.data === 'string' ? (envelope.open(json.data) as T) : null;
    return { status: response.status, code: json.code, msg: json.msg, data, headers: response.headers };
  };
}
