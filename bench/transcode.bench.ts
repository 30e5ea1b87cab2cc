/**
 * `npm run bench:transcode`: the anime pipeline, measured in one run.
 *   1. Transcode speed (× real time = media seconds / wall seconds) of the packaging job on two
 *      generated 1280×720 sources: H.264/AAC (720p copied, 360p encoded) and MPEG-4 Part 2 (both
 *      renditions encoded), each including poster, thumbnails and subtitles.
 *   2. Segment serving throughput of the app's GET /media/* (range-aware, typed, cached) against a
 *      bare node:http static server serving the same segment file from disk, with the ratio.
 * Scale with BENCH_SECONDS (clip length, default 30) and BENCH_SERVE_S (per server, default 5).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../packages/server/src/app.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { runImport } from '../packages/server/src/import/library-importer.js';
import { TranscodeRepository } from '../packages/server/src/repositories/transcode.repository.js';
import { makeTestConfig } from '../packages/server/src/testing/test-app.js';
import { createDatabase } from '../packages/server/src/db/database.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 30);
const SERVE_S = Number(process.env['BENCH_SERVE_S'] ?? 5);
const CONNECTIONS = 16;

function clip(path: string, codec: 'h264' | 'mpeg4'): void {
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1280x720:rate=24:duration=${SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${SECONDS}`,
      ...(codec === 'h264'
        ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '96']
        : ['-c:v', 'mpeg4', '-q:v', '5']),
      '-c:a',
      'aac',
      '-shortest',
      path,
    ],
    { stdio: 'ignore' },
  );
}

async function serve(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SERVE_S });
  return {
    rps: result.requests.average,
    mbps: result.throughput.average / 1024 / 1024,
    errors: result.errors + result.non2xx,
  };
}

function staticServer(root: string): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const path = join(
      root,
      decodeURIComponent((request.url ?? '/').split('?')[0]!.replace(/^\/media\//, '')),
    );
    try {
      const size = statSync(path).size;
      response.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': size });
      createReadStream(path).pipe(response);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      });
    }),
  );
}

async function main(): Promise<void> {
  // The bench drives the jobs itself, one at a time; the app's own queue would race it.
  process.env['TRANSCODE'] = 'off';
  const work = mkdtempSync(join(tmpdir(), 'dm51-bench-transcode-'));
  try {
    const show = join(work, 'library/anime/Bench Show');
    mkdirSync(show, { recursive: true });
    console.log(`generating two ${SECONDS} s 1280×720 sources…`);
    clip(join(show, 'Bench Show - 01.mp4'), 'h264');
    clip(join(show, 'Bench Show - 02.mp4'), 'mpeg4');
    const config = makeTestConfig({ dataDir: join(work, 'data'), logLevel: 'error' });
    mkdirSync(config.dataDir, { recursive: true });
    const db = createDatabase(config);
    await migrateToLatest(db);
    const app = await buildApp(config, { db });
    await app.ready();
    await runImport({
      root: join(work, 'library'),
      db,
      media: app.media,
      xorKey: config.imageXorKey,
      dataDir: config.dataDir,
    });
    const jobs = new TranscodeRepository(db);
    await jobs.queueMissing(Math.floor(Date.now() / 1000));

    console.log('\ntranscode (HLS package: renditions + poster + thumbnails + subtitles)');
    for (const label of [
      'H.264/AAC source (720p copied, 360p encoded)',
      'MPEG-4 source (720p + 360p encoded)',
    ]) {
      const chapterId = await jobs.claimNext(Math.floor(Date.now() / 1000));
      if (chapterId === null) throw new Error('no job to run');
      const started = performance.now();
      await app.services.transcode.runJob(chapterId, new AbortController().signal);
      const wall = (performance.now() - started) / 1000;
      const row = await jobs.job(chapterId);
      if (row?.status !== 'ready') throw new Error(`job failed: ${row?.reason}`);
      console.log(
        `  ${label.padEnd(48)} ${wall.toFixed(1).padStart(6)} s   ${(SECONDS / wall).toFixed(1).padStart(6)}× real time`,
      );
    }

    const ready = await jobs.job(
      (
        await db
          .selectFrom('transcode_jobs')
          .select('chapter_id')
          .orderBy('chapter_id')
          .executeTakeFirstOrThrow()
      ).chapter_id,
    );
    const segmentKey = `${ready!.output_prefix}/v720/seg_0001.ts`;
    const bytes = statSync(join(config.dataDir, 'media', segmentKey)).size;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const baseline = await staticServer(join(config.dataDir, 'media'));
    console.log(
      `\nsegment serving (${(bytes / 1024).toFixed(0)} KiB .ts, ${CONNECTIONS} connections, ${SERVE_S} s each)`,
    );
    const bare = await serve(`${baseline.base}/media/${segmentKey}`);
    const ours = await serve(`${address}/media/${segmentKey}`);
    const line = (name: string, m: typeof ours) =>
      `  ${name.padEnd(32)} ${m.rps.toFixed(0).padStart(7)} req/s ${m.mbps.toFixed(0).padStart(6)} MiB/s   errors ${m.errors}`;
    console.log(line('baseline node:http static', bare));
    console.log(line('app GET /media/*', ours));
    console.log(`  ratio app / baseline: ${(ours.rps / bare.rps).toFixed(2)}`);
    baseline.server.close();
    await app.close();
    await db.destroy();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
