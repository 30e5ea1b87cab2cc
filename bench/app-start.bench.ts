/**
 * /v3/app/start throughput through the full envelope (open, checks, settings read, seal) on the
 * real built server, against a bare node:http server that answers the same sealed bytes without
 * doing any work. Both are measured in this run with the same load, so the ratio is what matters:
 * it is the share of raw HTTP throughput the protocol and the app keep.
 */
import { createServer, type Server } from 'node:http';
import autocannon from 'autocannon';
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { E2E_KEYS, startServer } from '../e2e/support/server.js';

const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, body: string): Promise<Measurement> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function startBaseline(responseBody: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(responseBody);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/v3/app/start` });
    });
  });
}

function row(name: string, m: Measurement): string {
  return `${name.padEnd(28)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${m.p50Ms} ms   p99 ${m.p99Ms} ms   errors ${m.errors + m.non2xx}`;
}

async function main(): Promise<void> {
  const app = await startServer({ TIMESTAMP_WINDOW_S: '3600' });
  const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
  const body = new URLSearchParams({
    data: envelope.seal({
      user_token: '',
      user_id: 0,
      facility: 'Linux_h5',
      deviceid: 'bench-device',
      apikey: E2E_KEYS.apiKey,
      is_guest: 1,
      timestamp: Date.now(),
    }),
  }).toString();
  const appUrl = `${app.baseURL}/v3/app/start`;
  const sample = await fetch(appUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const sampleBody = await sample.text();
  const parsed = JSON.parse(sampleBody) as { code: number; data: string };
  if (parsed.code !== 1) throw new Error(`the server refused the bench request: ${sampleBody}`);
  const baseline = await startBaseline(sampleBody);

  try {
    console.log(`/v3/app/start, ${CONNECTIONS} connections, ${DURATION_S} s each`);
    const baselineResult = await measure(baseline.url, body);
    console.log(row('baseline (bare node:http)', baselineResult));
    const appResult = await measure(appUrl, body);
    console.log(row('app (full envelope)', appResult));
    const ratio = appResult.requestsPerSecond / baselineResult.requestsPerSecond;
    console.log(`ratio app/baseline: ${ratio.toFixed(3)}`);
  } finally {
    baseline.server.close();
    await app.stop();
  }
}

await main();
