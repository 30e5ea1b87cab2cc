/**
 * HAProxy (Debian's package) in front of one server or several (round-robin), on loopback, for
 * benchmarks: the balancer accepts every client at once and carries their requests over at most
 * `backendConnections` kept-alive connections to each server, queueing the rest — what a deployment
 * puts in front of an instance. Started with `-db` (foreground) and stopped with the benchmark.
 *
 * With `tls`, it terminates HTTPS and offers HTTP/2 (ALPN `h2,http/1.1`) on a self-signed loopback
 * certificate made with openssl, as a production front does (deploy/haproxy.cfg): browsers then load
 * every file over one multiplexed connection instead of up to six HTTP/1.1 ones, each with its own
 * handshake and slow start. Clients must accept the certificate (Chromium: --ignore-certificate-errors).
 */
import { execFileSync, spawn } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../packages/server/src/testing/free-port.js';

export interface HaproxyFront {
  baseURL: string;
  stop(): Promise<void>;
}

export interface HaproxyFrontOptions {
  /** Terminate TLS and offer HTTP/2 to clients (the backends stay plain HTTP/1.1). */
  tls?: boolean;
}

/** A self-signed certificate for 127.0.0.1 with its key, in one PEM file as HAProxy wants it. */
function makeLoopbackCertificate(dir: string): string {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  try {
    // Valid for a day: it lives as long as one benchmark, in a folder removed afterwards.
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    const files = ['-keyout', key, '-out', cert];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject, ...files],
      {
        stdio: 'ignore',
      },
    );
  } catch (error) {
    throw new Error(`openssl could not make a loopback certificate ('apt-get install -y openssl'): ${error}`);
  }
  const pem = join(dir, 'front.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return pem;
}

/** 200 from the front, whatever its certificate (ours is self-signed). */
function answers(url: string): Promise<boolean> {
  if (!url.startsWith('https:'))
    return fetch(url).then(
      (response) => response.ok,
      () => false,
    );
  return new Promise((resolve) => {
    const request = httpsGet(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

export async function startHaproxyFront(
  backendURLs: string | string[],
  backendConnections: number,
  options: HaproxyFrontOptions = {},
): Promise<HaproxyFront> {
  const port = await freeLoopbackPort();
  const backends = (Array.isArray(backendURLs) ? backendURLs : [backendURLs]).map((url) => new URL(url));
  const dir = mkdtempSync(join(tmpdir(), 'dm51-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  const bind = options.tls
    ? `  bind 127.0.0.1:${port} ssl crt ${makeLoopbackCertificate(dir)} alpn h2,http/1.1`
    : `  bind 127.0.0.1:${port}`;
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
      bind,
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
  const baseURL = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10_000; ;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    if (await answers(`${baseURL}/healthz`)) break;
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
