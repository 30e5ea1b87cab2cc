/**
 * A scaled deployment on loopback: N identical server instances (the real built server,
 * each its own process and scratch folder) on one fresh PostgreSQL database, Redis (under a key
 * prefix of their own), an S3-speaking object store (s3rver from npm, its own process) and Debian's
 * HAProxy in front, balancing round-robin and checking each instance's /readyz. The balancer's
 * address is the deployment's address: browsers and clients only ever talk to it.
 *
 * `startServer()` (server.ts) returns one of these instead of a single server when E2E_CLUSTER=<n>
 * is set, so the existing browser tests run unchanged against three instances.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freeLoopbackPort } from '../../packages/server/src/testing/free-port.js';
import { E2E_KEYS, REPO_ROOT, type RunningServer } from './server-common.js';

export const POSTGRES_ADMIN_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379/0';
export const HAPROXY_PATH = process.env['HAPROXY_PATH'] ?? '/usr/sbin/haproxy';
export const S3_BUCKET = 'media';
/** What the balancer checks and what an instance must answer before it counts as started. */
const READY_PATH = '/readyz';
/**
 * The address HAProxy connects to the instances from, and so the one address they believe
 * X-Forwarded-For and X-Forwarded-Proto from (TRUST_PROXY). Clients on other loopback addresses
 * (127.0.0.2, …) are then told apart, as readers on the internet are behind a real balancer.
 */
export const BALANCER_SOURCE_ADDRESS = '127.0.0.1';
/** s3rver accepts any well-formed signature; these are its documented defaults. */
const S3_CREDENTIALS = { id: 'S3RVER', secret: 'S3RVER' };

export interface ClusterInstance {
  name: string;
  baseURL: string;
  pid: number;
  dataDir: string;
  output(): string;
  alive(): boolean;
  /** SIGKILL: no drain, no goodbye (a machine that died). Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit code (graceful shutdown). */
  stop(): Promise<number | null>;
}

export interface RunningCluster extends RunningServer {
  instances: ClusterInstance[];
  databaseUrl: string;
  redisPrefix: string;
  s3Endpoint: string;
  s3Dir: string;
  /** Starts one more instance with the same settings (a replacement after a kill). */
  addInstance(): Promise<ClusterInstance>;
  /** HAProxy's log lines (what it retried, which server it marked down). */
  balancerOutput(): string;
}

export interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance (LIBRARY_DIR, TRANSCODE, …). */
  env?: Record<string, string>;
}

/** Waits until `url` answers 2xx, or throws after `timeoutMs`, or when `child` has exited. */
async function waitForOk(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return `global
  maxconn 4096
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-keep-alive 10s
  # Without it a check's whole answer must come within 'inter' (500 ms below): on a busy machine every
  # instance's /readyz was that slow at once, all were marked down and the balancer answered 503 to
  # everything. Refused connections (a killed instance) and 503s (a draining one) still count at once.
  timeout check 5s
  option http-keep-alive
  # An instance that refuses the connection (killed, restarting) costs a retry on another, not an error.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503

frontend app
  bind 127.0.0.1:${port}
  # One id per request, kept when a client or an outer proxy already set one; logged by the instance.
  http-request set-header X-Request-Id %[uuid()] unless { req.hdr(x-request-id) -m found }
  # As deploy/haproxy.cfg: the client's address (appended) and protocol (replaced) for the instances.
  option forwardfor
  http-request set-header X-Forwarded-Proto https if { ssl_fc }
  http-request set-header X-Forwarded-Proto http unless { ssl_fc }
  default_backend instances

backend instances
  balance roundrobin
  # Pinned, since it is what the instances' TRUST_PROXY names.
  source ${BALANCER_SOURCE_ADDRESS}
  option httpchk GET ${READY_PATH}
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** HAProxy's lines saying an instance went down or came back (each is logged twice: keep one). */
function balancerStateChanges(output: string): string {
  const lines = output.split('\n').filter((line) => /^Server \S+ is (UP|DOWN)/.test(line));
  return lines.slice(-20).join('\n') || '(none)';
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  if (!existsSync(HAPROXY_PATH)) {
    throw new Error(
      `HAProxy not found at ${HAPROXY_PATH}: run 'apt-get install -y haproxy' (npm test does as root)`,
    );
  }
  const count = options.instances ?? 3;
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const root = mkdtempSync(join(tmpdir(), 'dm51-cluster-'));
  const dbName = `dm51_cluster_${id}`;
  const databaseUrl = await createDatabase(dbName);
  const redisPrefix = `dm51e2e:${id}:`;
  const s3Dir = join(root, 's3');
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [
    () => dropDatabase(dbName),
    () => deleteRedisKeys(redisPrefix),
    async () => rmSync(root, { recursive: true, force: true }),
  ];

  const stopAll = async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map((child) => exited(child)));
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  };

  try {
    // The object store, as its own process like MinIO would be.
    const s3Port = await freeLoopbackPort();
    let s3Output = '';
    const s3 = spawn(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules/s3rver/bin/s3rver.js'),
        '-d',
        s3Dir,
        '-a',
        '127.0.0.1',
        '-p',
        String(s3Port),
        '--silent',
        '--configure-bucket',
        S3_BUCKET,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(s3);
    s3.stdout?.on('data', (chunk: Buffer) => (s3Output += chunk.toString()));
    s3.stderr?.on('data', (chunk: Buffer) => (s3Output += chunk.toString()));
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    await waitForOk(`${s3Endpoint}/${S3_BUCKET}`, 15_000, s3).catch((error: unknown) => {
      throw new Error(`s3rver did not start: ${(error as Error).message}\n${s3Output}`);
    });

    // A test that seeded an embedded data folder (seedCatalogue) gets it moved onto the cluster's
    // PostgreSQL and S3 first, with the operator's own copy tool (npm run copy-data); each instance then
    // keeps a scratch folder of its own, as in a real deployment.
    const { DATA_DIR: seededDir, ...instanceOnlyEnv } = options.env ?? {};
    const instanceEnv = (dataDir: string, port: number, name: string): NodeJS.ProcessEnv => ({
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INSTANCE_ID: name,
      ENVELOPE_KEY: E2E_KEYS.envelopeKey,
      API_KEY: E2E_KEYS.apiKey,
      IMAGE_XOR_KEY: String(E2E_KEYS.imageXorKey),
      LOG_LEVEL: 'info',
      DEMO_LIBRARY: 'off',
      TRANSCODE: 'off',
      // Longer than the balancer's check interval × fall (0.5 s × 2): it stops sending first.
      SHUTDOWN_DELAY_MS: '1500',
      // A dead instance's job (or import) is taken over this soon (the shortest lease allowed).
      JOBS_LEASE_S: '10',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      MEDIA_STORE: 's3',
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.id,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secret,
      S3_FORCE_PATH_STYLE: 'on',
      // The balancer's forwarded client address is what per-address limits count (as in production);
      // a client that reaches an instance directly gets its own socket address, headers ignored.
      TRUST_PROXY: BALANCER_SOURCE_ADDRESS,
      ...instanceOnlyEnv,
    });

    if (seededDir && existsSync(join(seededDir, 'app.db')))
      copySeededData(seededDir, instanceEnv(join(root, 'copy'), 0, 'copy'));

    const instances: ClusterInstance[] = [];
    /** Starts instance `index`; on `port` when it is one the balancer already sends to (a restart). */
    const launch = async (index: number, port?: number): Promise<ClusterInstance> => {
      const name = `i${index + 1}`;
      port ??= await freeLoopbackPort();
      const dataDir = join(root, name);
      const baseURL = `http://127.0.0.1:${port}`;
      let output = '';
      const child = spawn(process.execPath, [join(REPO_ROOT, 'packages/server/dist/server.js')], {
        cwd: REPO_ROOT,
        env: instanceEnv(dataDir, port, name),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForOk(`${baseURL}${READY_PATH}`, 60_000, child).catch((error: unknown) => {
        throw new Error(`instance ${name} did not become ready: ${(error as Error).message}\n${output}`);
      });
      return {
        name,
        baseURL,
        pid: child.pid ?? 0,
        dataDir,
        output: () => output,
        alive: () => child.exitCode === null && child.signalCode === null,
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
        async stop() {
          child.kill('SIGTERM');
          return exited(child);
        },
      };
    };
    // The first instance migrates the empty database alone; the others then start side by side.
    instances.push(await launch(0));
    instances.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => launch(i + 1)))));

    // The balancer, in the foreground (-db) so it dies with its parent's kill.
    const balancerPort = await freeLoopbackPort();
    const servers = instances.map((instance) => ({
      name: instance.name,
      port: Number(new URL(instance.baseURL).port),
    }));
    const configPath = join(root, 'haproxy.cfg');
    writeFileSync(configPath, haproxyConfig(balancerPort, servers));
    const check = spawnSync(HAPROXY_PATH, ['-c', '-q', '-f', configPath], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy rejected its configuration:\n${check.stderr}`);
    let balancerOutput = '';
    const balancer = spawn(HAPROXY_PATH, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(balancer);
    balancer.stdout?.on('data', (chunk: Buffer) => (balancerOutput += chunk.toString()));
    balancer.stderr?.on('data', (chunk: Buffer) => (balancerOutput += chunk.toString()));
    const baseURL = `http://127.0.0.1:${balancerPort}`;
    await waitForOk(`${baseURL}${READY_PATH}`, 15_000, balancer).catch((error: unknown) => {
      throw new Error(`HAProxy did not start: ${(error as Error).message}\n${balancerOutput}`);
    });

    return {
      baseURL,
      dataDir: instances[0]!.dataDir,
      get pid() {
        return instances[0]!.pid;
      },
      databaseUrl,
      redisPrefix,
      s3Endpoint,
      s3Dir,
      instances,
      // Last, so a failed test's report (the end of this) shows whether the balancer had marked
      // instances down: its 503s reach the app as a failed launch, with nothing in the instances' logs.
      output: () =>
        [
          ...instances.map((i) => `--- ${i.name} ---\n${i.output()}`),
          `--- balancer: instance state changes ---\n${balancerStateChanges(balancerOutput)}`,
        ].join('\n'),
      balancerOutput: () => balancerOutput,
      async addInstance() {
        // Not behind the balancer (its configuration is fixed): reached directly, e.g. to finish work.
        const instance = await launch(instances.length);
        instances.push(instance);
        return instance;
      },
      // Every instance stopped cleanly (their buffered counters written), then started again on its
      // port and scratch folder behind the same balancer; the database, Redis and store are kept.
      async restart(more = {}) {
        Object.assign(instanceOnlyEnv, more);
        const ports = instances.map((instance) => Number(new URL(instance.baseURL).port));
        for (const instance of instances) await instance.stop();
        for (const [index, port] of ports.entries()) instances[index] = await launch(index, port);
        await waitForOk(`${baseURL}${READY_PATH}`, 15_000, balancer);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Runs the operator's copy tool on `dataDir` with the instances' settings (their database and
 * store): the built one, as the browser tests run the built server (`npm run copy-data` is the same
 * code from source, compiled by tsx on every start).
 */
function copySeededData(dataDir: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'packages/server/dist/cli/copy-data.js'), dataDir],
    {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`copy-data failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Rows of a read-only query on a cluster's PostgreSQL database, synchronously (like
 * queryServerDb on SQLite), through psql: `json_agg` of the query's rows.
 */
export function queryClusterDb<T>(databaseUrl: string, sqlText: string): T[] {
  const result = spawnSync(
    'psql',
    [
      databaseUrl,
      '-X',
      '-At',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `select coalesce(json_agg(q), '[]') from (${sqlText}) q`,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as T[];
}

/** Runs one writing statement on a cluster's PostgreSQL database through psql (a test's set-up). */
export function executeClusterDb(databaseUrl: string, sqlText: string): void {
  const result = spawnSync('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sqlText], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
}
