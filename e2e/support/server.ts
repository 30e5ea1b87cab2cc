import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../packages/server/src/testing/free-port.js';
import { E2E_KEYS, REPO_ROOT, type RunningServer } from './server-common.js';

export { E2E_KEYS, REPO_ROOT, type RunningServer } from './server-common.js';

export const freePort = freeLoopbackPort;

/** Servers started and not yet stopped: a failed test prints their output (support/failure-report.ts). */
export const runningServers = new Set<RunningServer>();

/** Ready: /readyz answers 200 (database and media store reachable), not only live. */
async function waitForHealthy(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${baseURL} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Starts the real built server (packages/server/dist) on a free port with its own data folder, as a
 * user would run it. `npm run build` must have run first.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_CLUSTER=<n>: the same tests against n instances on PostgreSQL, Redis and S3 behind HAProxy.
  const clusterSize = Number(process.env['E2E_CLUSTER'] ?? 0);
  if (clusterSize > 0) {
    const { startCluster } = await import('./cluster.js');
    return tracked(await startCluster({ instances: clusterSize, env }));
  }
  const port = await freePort();
  // A caller may bring its own DATA_DIR (e.g. one filled by seedCatalogue); it then keeps it on stop.
  const ownsDataDir = !env['DATA_DIR'];
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'dm51-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;
  // The caller's variables, and those a restart adds (the caller's object is left as it was).
  const extraEnv = { ...env };
  const launch = async () => {
    child = spawn(process.execPath, [join(REPO_ROOT, 'packages/server/dist/server.js')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ENVELOPE_KEY: E2E_KEYS.envelopeKey,
        API_KEY: E2E_KEYS.apiKey,
        IMAGE_XOR_KEY: String(E2E_KEYS.imageXorKey),
        LOG_LEVEL: 'warn',
        // Browser tests expect an empty catalogue; e2e/import-demo.e2e.test.ts turns the demo on.
        DEMO_LIBRARY: 'off',
        // No CPU on HLS packaging unless a test asks (e2e/anime.e2e.test.ts passes TRANSCODE: 'on').
        TRANSCODE: 'off',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForHealthy(baseURL, child, 30_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
    }
  };
  const terminate = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  await launch();
  return tracked({
    baseURL,
    dataDir,
    get pid() {
      return child.pid ?? 0;
    },
    output: () => output,
    async stop() {
      await terminate();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async restart(more = {}) {
      await terminate();
      Object.assign(extraEnv, more);
      await launch();
    },
  });
}

/** Keeps `server` in runningServers until it is stopped. */
function tracked(server: RunningServer): RunningServer {
  runningServers.add(server);
  const stop = server.stop.bind(server);
  server.stop = async () => {
    runningServers.delete(server);
    await stop();
  };
  return server;
}
