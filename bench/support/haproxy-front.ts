/**
 * HAProxy (Debian's package) in front of one server or several (round-robin), on loopback, for
 * benchmarks: the balancer accepts every client at once and carries their requests over at most
 * `backendConnections` kept-alive connections to each server, queueing the rest — what a deployment
 * puts in front of an instance. Started with `-db` (foreground) and stopped with the benchmark.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../packages/server/src/testing/free-port.js';

export interface HaproxyFront {
  baseURL: string;
  stop(): Promise<void>;
}

export async function startHaproxyFront(
  backendURLs: string | string[],
  backendConnections: number,
): Promise<HaproxyFront> {
  const port = await freeLoopbackPort();
  const backends = (Array.isArray(backendURLs) ? backendURLs : [backendURLs]).map((url) => new URL(url));
  const dir = mkdtempSync(join(tmpdir(), 'dm51-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 8000',
      'defaults',
      '  mode http',
      '  option http-keep-alive',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout queue 30s',
      'frontend clients',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  http-reuse always',
      ...backends.map(
        (backend, i) =>
          `  server app${i + 1} ${backend.hostname}:${backend.port} maxconn ${backendConnections}`,
      ),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10_000; ;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    const up = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer in 10 s: ${output}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
