/**
 * Page-image serving from S3 vs local files, in one run. A library of comic chapters is
 * imported once (real importer: sharp renditions, `_xfile` encoding, content-hashed keys); its media
 * folder is served by one built server with local files, and the same objects, uploaded to an S3
 * bucket (s3rver on loopback), by a server with MEDIA_STORE=s3 and MEDIA_DELIVERY=proxy and one with
 * MEDIA_DELIVERY=signed. For each, BENCH_CONNECTIONS (10) clients fetch GET /media/<page> round-robin
 * over every page for BENCH_DURATION_S (10 s), reading the whole body; signed clients follow the
 * 302 to the presigned URL and the whole fetch counts (a first view: browsers then reuse the
 * redirect for TTL − 60 s, measured as "signed, redirect cached"). Prints req/s, p50/p99, the
 * server's CPU per request and every S3 figure as a ratio to local, then one JSON line.
 * Sizes: BENCH_CHAPTERS (20) × BENCH_PAGES (8) pages of 800×1200.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip } from '@dm51/library';
import sharp from 'sharp';
import { createDatabase } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { runImport } from '../packages/server/src/import/library-importer.js';
import { LocalMediaStore } from '../packages/server/src/media/local-media-store.js';
import { S3MediaStore } from '../packages/server/src/media/s3-media-store.js';
import { startS3rver } from '../packages/server/src/testing/s3rver.js';
import { E2E_KEYS, startServer, type RunningServer } from '../e2e/support/server.js';

const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const CHAPTERS = Number(process.env['BENCH_CHAPTERS'] ?? 20);
const PAGES = Number(process.env['BENCH_PAGES'] ?? 8);
const WARMUP_S = 2;

interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Server CPU per request in µs (the server process only; s3rver is the "object store"). */
  serverCpuUs: number;
  /** Mean bytes per answered request (checks every mode moved the same pages). */
  bytesPerRequest: number;
}

/** An 800×1200 greyscale page with texture (not a flat colour), so renditions have real page sizes. */
async function pageImage(): Promise<Buffer> {
  const noise = Buffer.alloc(100 * 150);
  for (let i = 0; i < noise.length; i += 1) noise[i] = Math.random() < 0.5 ? 30 : 230;
  return sharp(noise, { raw: { width: 100, height: 150, channels: 1 } })
    .resize(800, 1200, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** User + system CPU time of a process so far, in ms (Linux /proc; clock ticks are 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** CONNECTIONS loops fetching `urls` round-robin for `seconds`; fetch follows redirects. */
async function load(
  urls: string[],
  seconds: number,
): Promise<{ latencies: number[]; errors: number; bytes: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next++ % urls.length]!;
        const started = performance.now();
        try {
          const response = await fetch(url);
          const body = await response.arrayBuffer();
          if (response.status !== 200) errors += 1;
          else {
            latencies.push(performance.now() - started);
            bytes += body.byteLength;
          }
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { latencies, errors, bytes };
}

async function measure(server: RunningServer, urls: string[]): Promise<Measurement> {
  await load(urls, WARMUP_S);
  const cpuBefore = processCpuMs(server.pid);
  const started = performance.now();
  const run = await load(urls, DURATION_S);
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = processCpuMs(server.pid) - cpuBefore;
  const sorted = run.latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: sorted.length / seconds,
    p50Ms: Number(percentile(sorted, 0.5).toFixed(2)),
    p99Ms: Number(percentile(sorted, 0.99).toFixed(2)),
    errors: run.errors,
    serverCpuUs: Math.round((cpuMs * 1000) / Math.max(1, sorted.length)),
    bytesPerRequest: Math.round(run.bytes / Math.max(1, sorted.length)),
  };
}

const line = (name: string, m: Measurement) =>
  `${name.padEnd(28)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${m.p50Ms.toFixed(1).padStart(6)} ms   ` +
  `p99 ${m.p99Ms.toFixed(1).padStart(6)} ms   server CPU ${String(m.serverCpuUs).padStart(5)} µs/req   ` +
  `${(m.bytesPerRequest / 1024).toFixed(0)} KiB/req   errors ${m.errors}`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dm51-bench-media-'));
  const s3 = await startS3rver();
  const servers: RunningServer[] = [];
  try {
    // 1. The library, imported once into a local media folder.
    const lib = join(work, 'library');
    const folder = join(lib, 'comics/Bench Harbor');
    mkdirSync(folder, { recursive: true });
    for (let c = 1; c <= CHAPTERS; c += 1) {
      const pages = [];
      for (let p = 1; p <= PAGES; p += 1)
        pages.push({ name: `p${String(p).padStart(3, '0')}.jpg`, data: await pageImage() });
      writeFileSync(join(folder, `Bench Harbor c${String(c).padStart(3, '0')}.cbz`), buildZip(pages));
    }
    const dataDir = join(work, 'local');
    const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
    await migrateToLatest(db);
    const local = new LocalMediaStore(join(dataDir, 'media'));
    await runImport({ root: lib, db, media: local, xorKey: E2E_KEYS.imageXorKey, dataDir });
    const keys = [
      ...new Set((await db.selectFrom('pages').select('media_key').execute()).map((r) => r.media_key)),
    ];
    await db.destroy();

    // 2. The same objects in the bucket, under the same keys.
    const bucket = new S3MediaStore(s3.store());
    for (const key of keys) await bucket.put(key, (await local.get(key))!);
    bucket.close();
    const sizes = await Promise.all(keys.map(async (key) => (await local.stat(key))!.size));
    const meanKiB = sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024;
    console.log(
      `media-store bench: ${keys.length} distinct page images (mean ${meanKiB.toFixed(0)} KiB), ` +
        `${CONNECTIONS} connections, ${DURATION_S} s per mode, s3rver ${s3.endpoint}`,
    );

    // 3. One built server per mode (all three running; measured one after the other).
    const localServer = await startServer({ DATA_DIR: dataDir });
    const proxyServer = await startServer({ ...s3.env(), MEDIA_DELIVERY: 'proxy' });
    const signedServer = await startServer({ ...s3.env(), MEDIA_DELIVERY: 'signed' });
    servers.push(localServer, proxyServer, signedServer);
    const urlsOf = (server: RunningServer) => keys.map((key) => `${server.baseURL}/media/${key}`);

    const localM = await measure(localServer, urlsOf(localServer));
    console.log(line('local files', localM));
    const proxyM = await measure(proxyServer, urlsOf(proxyServer));
    console.log(line('S3, proxied', proxyM));
    const signedM = await measure(signedServer, urlsOf(signedServer));
    console.log(line('S3, signed (302 + fetch)', signedM));
    // What a browser does on the next view within the TTL: the redirect is cached, so only the store.
    const presigned = await Promise.all(
      urlsOf(signedServer).map(async (url) =>
        (await fetch(url, { redirect: 'manual' })).headers.get('location')!,
      ),
    );
    const cachedM = await measure(signedServer, presigned);
    console.log(line('S3, signed, redirect cached', cachedM));

    const ratio = (m: Measurement) => ({
      requestsPerSecond: Number((m.requestsPerSecond / localM.requestsPerSecond).toFixed(2)),
      p50: Number((m.p50Ms / localM.p50Ms).toFixed(2)),
      p99: Number((m.p99Ms / localM.p99Ms).toFixed(2)),
    });
    for (const [name, m] of [
      ['S3 proxied / local', proxyM],
      ['S3 signed / local', signedM],
      ['S3 signed cached / local', cachedM],
    ] as const) {
      const r = ratio(m);
      console.log(`${name.padEnd(28)} req/s ×${r.requestsPerSecond}   p50 ×${r.p50}   p99 ×${r.p99}`);
    }
    console.log(
      JSON.stringify({
        bench: 'media-store',
        pages: keys.length,
        meanKiB: Number(meanKiB.toFixed(1)),
        connections: CONNECTIONS,
        durationS: DURATION_S,
        local: localM,
        s3Proxy: proxyM,
        s3Signed: signedM,
        s3SignedCached: cachedM,
        ratios: { s3Proxy: ratio(proxyM), s3Signed: ratio(signedM), s3SignedCached: ratio(cachedM) },
      }),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
