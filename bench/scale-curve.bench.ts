/**
 * `npm run bench:scale-curve`: how the server's calls grow with the catalogue. The same calls at
 * each catalogue size (SCALE_SIZES, default 1,000, 10,000 and 100,000 works of
 * SCALE_CHAPTERS × SCALE_PAGES, 10 × 30: 30 million page rows at 100,000) on PostgreSQL, and on
 * SQLite up to SCALE_SQLITE_MAX (10,000) works (SCALE_DATABASES=postgres,sqlite picks them):
 *   home's launch call and its category sections, a work's detail, its chapter list, a chapter
 *   read, a search (four keywords, mostly the shared result page), a varied search (20,000
 *   different keywords, never cached), suggestions as the reader types, the reader's history and
 *   shelf (30 works on each), and the console's work list and work search (signed in as an owner
 *   made with the real CLI).
 * Each call is measured against a bare node:http server answering the same bytes in the same run
 * (the ratio is the app's throughput over the bare server's: a loaded machine moves both), and
 * the server's own CPU per answered request, with on PostgreSQL the CPU of the backends serving
 * this database (support/scale-measure.ts), the steadier figures on a shared machine. Per size it
 * also prints the database size, the server's RSS after warm-up and after the measurements, the
 * time the first search takes to build the search documents (once per catalogue), and the time a
 * new instance takes to answer /readyz on that catalogue and its first search and suggestion
 * after that. The catalogue is written straight into the database (support/scale-catalogue.ts) and
 * is not part of any measurement. At the end: per call, each size's figures and the growth of CPU
 * per request (server and PostgreSQL backends together) from the smallest to the largest size and
 * how far the ratio fell, then the same as JSON.
 *
 * SCALE_DURATION_S (5) per measurement, SCALE_CONNECTIONS (10), SCALE_CASES=detail,console picks
 * calls by a part of their label, SCALE_KEEP=1 keeps the databases, SCALE_SLOW_QUERY_MS=5 prints
 * the server's slower queries per size, SCALE_CPU_PROFILE_DIR=/tmp/prof writes each server's CPU
 * profile there, SCALE_SERVER_ENV=DB_PREPARED_STATEMENTS=off,… starts every server with those
 * settings (one side of an A/B), SCALE_REUSE=100000=<postgres URL>,… measures a size on a
 * database kept before instead of writing one (the 100,000 takes about 10 minutes to write and 6
 * for the first search to build its documents). DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test) is where a database of each size is created and dropped.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HOME_SIZES } from '@dm51/shared';
import { createDatabase } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { createBenchSeal } from './support/bench-seal.js';
import { consoleCookie } from './support/console-session.js';
import { prepareStorage, type BenchStorage } from './support/bench-storage.js';
import { titleOf } from './support/catalogue-names.js';
import {
  generatePostgres,
  generateSqlite,
  reusePostgres,
  type GeneratedCatalogue,
} from './support/scale-catalogue.js';
import {
  cpuSpent,
  databaseCpuMs,
  measureRotation,
  processCpuMs,
  processRssMb,
  startBareServer,
  type CurveMeasurement,
  type Rotation,
} from './support/scale-measure.js';
import { newFormQueries, suggestInputs } from './support/search-queries.js';
import { summariseSlowQueries } from './support/slow-queries.js';

const SIZES = (process.env['SCALE_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const SQLITE_MAX = Number(process.env['SCALE_SQLITE_MAX'] ?? 10_000);
const DATABASES = (process.env['SCALE_DATABASES'] ?? 'postgres,sqlite').split(',');
const CHAPTERS = Number(process.env['SCALE_CHAPTERS'] ?? 10);
const PAGES = Number(process.env['SCALE_PAGES'] ?? 30);
const DURATION_S = Number(process.env['SCALE_DURATION_S'] ?? 5);
const CONNECTIONS = Number(process.env['SCALE_CONNECTIONS'] ?? 10);
const POSTGRES_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const SHELF = 30;
/** SCALE_SERVER_ENV=DB_PREPARED_STATEMENTS=off,…: settings every measured server starts with (an A/B). */
const SERVER_ENV = Object.fromEntries(
  (process.env['SCALE_SERVER_ENV'] ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** SCALE_REUSE=100000=postgres://…/db,…: sizes measured on databases an earlier run kept. */
const REUSE = new Map(
  (process.env['SCALE_REUSE'] ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [Number(pair.slice(0, pair.indexOf('='))), pair.slice(pair.indexOf('=') + 1)] as const),
);

interface CallFigures {
  cpuUs: number;
  /** PostgreSQL's CPU per request (its backends for this database); 0 on SQLite, inside the server. */
  dbCpuUs: number;
  p99Ms: number;
  ratio: number;
  errors: number;
  requestsPerSecond: number;
}

interface SizeFigures {
  works: number;
  pageRows: number;
  generatedS: number;
  databaseMb: number;
  indexBuildS: number;
  startS: number;
  firstSearchS: number;
  firstSuggestS: number;
  rssWarmMb: number;
  rssAfterMb: number;
  calls: Record<string, CallFigures>;
}

interface Call {
  label: string;
  path: string;
  rotation: Rotation;
}

const post = async (baseURL: string, path: string, body: string) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`${baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const text = await response.text();
      const code = (JSON.parse(text) as { code: number }).code;
      // Shed while the event loop is late (right after a build): asked to retry.
      if (code === 503 && attempt < 40) {
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      if (code !== 1) throw new Error(`the server refused ${path}: ${text.slice(0, 300)}`);
      return text;
    } catch (error) {
      // A search-document build longer than fetch's 300 s wait for headers: the next search waits for it.
      if (attempt >= 10 || !String((error as Error).cause ?? error).includes('Timeout')) throw error;
    }
  }
};

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const value = await run();
  return [value, (Date.now() - started) / 1000];
}

async function databaseMb(storage: BenchStorage): Promise<number> {
  if (storage.kind === 'SQLite') {
    const file = join(storage.env['DATA_DIR']!, 'app.db');
    const size = (path: string) => {
      try {
        return statSync(path).size;
      } catch {
        return 0;
      }
    };
    return (size(file) + size(`${file}-wal`)) / 2 ** 20;
  }
  const client = new pg.Client({ connectionString: storage.env['DATABASE_URL'] });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    return Number(rows[0]!.bytes) / 2 ** 20;
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database kept by an earlier run (SCALE_KEEP) measured again without writing it (its
 * search documents are built already, so the first search builds nothing); it is kept afterwards.
 */
async function reusedStorage(databaseUrl: string): Promise<BenchStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-bench-curve-'));
  return {
    connect: () => createDatabase({ databaseUrl, sqlitePath: '' }),
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    kind: 'PostgreSQL',
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function callsFor(
  works: number,
  catalogue: GeneratedCatalogue,
  seal: (payload: Record<string, unknown>) => string,
  cookie: string,
): Call[] {
  const { workIds, chapterIds, authors } = catalogue;
  const searchBody = (keyword: string) => seal({ keyword, page: 2 });
  const consoleHeaders = { cookie };
  // Console searches: the first two or three characters of titles spread over the catalogue (a
  // pg_trgm index serves three and more on PostgreSQL; two read every title).
  const consoleWords = workIds
    .slice(0, 50)
    .map((id, i) => titleOf(id - workIds[0]!).title.slice(0, 2 + (i % 2)));
  return [
    {
      label: 'home launch',
      path: '/v3/comic/index',
      rotation: {
        method: 'POST',
        bodies: [seal({ reco_size: HOME_SIZES.reco, news_size: HOME_SIZES.news, type_size: 0 })],
      },
    },
    {
      label: 'home sections',
      path: '/v3/comic/index',
      rotation: {
        method: 'POST',
        bodies: [seal({ reco_size: 0, news_size: 0, type_size: HOME_SIZES.type })],
      },
    },
    {
      label: 'work detail',
      path: '/v3/comic/details',
      rotation: { method: 'POST', bodies: workIds.map((id) => seal({ id })) },
    },
    {
      label: 'chapter list',
      path: '/v3/comic/chapters',
      rotation: { method: 'POST', bodies: workIds.map((id) => seal({ id, limit: 100 })) },
    },
    {
      label: 'chapter read',
      path: '/v3/comic/read',
      rotation: { method: 'POST', bodies: chapterIds.map((chapter_id) => seal({ chapter_id })) },
    },
    {
      label: 'search',
      path: '/v3/search/index',
      rotation: { method: 'POST', bodies: ['海贼', '热血', 'dragon', '尾田'].map(searchBody) },
    },
    {
      label: 'search varied',
      path: '/v3/search/index',
      rotation: {
        method: 'POST',
        bodies: [
          ...Array.from({ length: 5_000 }, (_, i) => `作品 ${i % 100} ${Math.floor(i / 100)}`),
          ...newFormQueries(works, 15_000).map(({ keyword }) => keyword),
        ].map(searchBody),
      },
    },
    {
      label: 'suggest',
      path: '/v3/search/suggest',
      rotation: {
        method: 'POST',
        bodies: suggestInputs(works, authors, 20_000).map(({ keyword }) => seal({ keyword })),
      },
    },
    { label: 'history', path: '/v3/read/index', rotation: { method: 'POST', bodies: [seal({ page: 1 })] } },
    { label: 'shelf', path: '/v3/cases/index', rotation: { method: 'POST', bodies: [seal({ page: 1 })] } },
    {
      label: 'console work list',
      path: '/admin/api/catalogue/works',
      rotation: {
        method: 'GET',
        headers: consoleHeaders,
        // Page 1 and a page deep in the list, as an operator paging through.
        paths: [1, 2, 3, 50].map((page) => `/admin/api/catalogue/works?page=${page}&pageSize=20`),
      },
    },
    {
      label: 'console work search',
      path: '/admin/api/catalogue/works',
      rotation: {
        method: 'GET',
        headers: consoleHeaders,
        paths: consoleWords.map(
          (q) => `/admin/api/catalogue/works?page=1&pageSize=20&q=${encodeURIComponent(q)}`,
        ),
      },
    },
  ];
}

/** The first answer of a call, for the bare server to send back. */
async function sampleOf(baseURL: string, call: Call): Promise<{ body: string; type: string }> {
  if (call.rotation.method === 'POST')
    return {
      body: await post(baseURL, call.path, call.rotation.bodies[0]!),
      type: 'application/json; charset=utf-8',
    };
  const response = await fetch(`${baseURL}${call.rotation.paths[0]}`, { headers: call.rotation.headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${call.label}: ${response.status} ${body.slice(0, 300)}`);
  return { body, type: response.headers.get('content-type') ?? 'application/json' };
}

async function runSize(kind: 'postgres' | 'sqlite', works: number): Promise<SizeFigures> {
  const reuse = kind === 'postgres' ? REUSE.get(works) : undefined;
  const storage = reuse
    ? await reusedStorage(reuse)
    : await prepareStorage(`curve${works}`, kind === 'postgres' ? POSTGRES_URL : '');
  let server: RunningServer | null = null;
  try {
    const db = storage.connect();
    await migrateToLatest(db);
    await db.destroy();
    const shape = { works, chapters: CHAPTERS, pages: PAGES };
    console.log(`\n== ${storage.kind}, ${works} works × ${CHAPTERS} chapters × ${PAGES} pages`);
    const catalogue = reuse
      ? await reusePostgres(reuse, shape)
      : kind === 'postgres'
        ? await generatePostgres(storage.env['DATABASE_URL']!, shape)
        : generateSqlite(join(storage.env['DATA_DIR']!, 'app.db'), shape);
    console.log(`generated in ${catalogue.seconds.toFixed(1)} s (not measured)`);
    const env = {
      ...storage.env,
      TIMESTAMP_WINDOW_S: '3600',
      ...SERVER_ENV,
      // SCALE_SLOW_QUERY_MS=5 prints, per size, the queries that took longer (grouped, costliest first).
      ...(process.env['SCALE_SLOW_QUERY_MS'] ? { DB_SLOW_QUERY_MS: process.env['SCALE_SLOW_QUERY_MS'] } : {}),
      // SCALE_CPU_PROFILE_DIR=/tmp/prof writes a .cpuprofile of each server there (support/cpu-profile.mjs).
      ...(process.env['SCALE_CPU_PROFILE_DIR']
        ? {
            NODE_OPTIONS: `--import ${join(import.meta.dirname, 'support/cpu-profile.mjs')}`,
            CPU_PROFILE_DIR: process.env['SCALE_CPU_PROFILE_DIR'],
          }
        : {}),
    };
    const first = await startServer(env);
    server = first;
    const { seal: sealGuest, envelope } = createBenchSeal({ deviceid: `bench-curve-${works}`, is_guest: 1 });
    const init = JSON.parse(await post(first.baseURL, '/v3/app/init', sealGuest({}))) as { data: string };
    const session = envelope.open(init.data) as { token: string; user: { id: number } };
    const { seal } = createBenchSeal({
      deviceid: `bench-curve-${works}`,
      is_guest: 1,
      user_token: session.token,
      user_id: session.user.id,
    });
    // The search documents of rows written straight into the database are built at the first search.
    const [, indexBuildS] = await timed(() =>
      post(first.baseURL, '/v3/search/index', seal({ keyword: '作品', page: 1 })),
    );
    console.log(`search documents built by the first search in ${indexBuildS.toFixed(1)} s`);
    // A new instance on this catalogue (the first one stopped before): to /readyz, then its first
    // search and suggestion.
    await first.stop();
    server = null;
    const [running, startS] = await timed(() => startServer(env));
    server = running;
    const [, firstSearchS] = await timed(() =>
      post(running.baseURL, '/v3/search/index', seal({ keyword: 'dragon', page: 1 })),
    );
    const [, firstSuggestS] = await timed(() =>
      post(running.baseURL, '/v3/search/suggest', seal({ keyword: 'h' })),
    );
    console.log(
      `a new instance answered /readyz in ${startS.toFixed(2)} s; then first search ${firstSearchS.toFixed(2)} s, first suggestion ${firstSuggestS.toFixed(2)} s`,
    );

    // A reader with a shelf and a history of SHELF works each.
    for (const [i, id] of catalogue.workIds.slice(0, SHELF).entries()) {
      await post(running.baseURL, '/v3/cases/add/comic', seal({ id }));
      await post(
        running.baseURL,
        '/v3/read/add',
        seal({ id, chapter_id: catalogue.chapterIds[i]!, percent: 40 }),
      );
    }
    const cookie = await consoleCookie(running, storage.env['DATABASE_URL']);
    const wanted = (process.env['SCALE_CASES'] ?? '').split(',').filter(Boolean);
    const calls = callsFor(works, catalogue, seal, cookie).filter(
      ({ label }) => wanted.length === 0 || wanted.some((part) => label.includes(part)),
    );
    // Warm-up: every call's rotation once over (caches, the suggestion and typo indexes, JIT).
    for (const call of calls) {
      const { rotation } = call;
      const count =
        rotation.method === 'POST' ? Math.min(200, rotation.bodies.length) : rotation.paths.length;
      for (let i = 0; i < count; i += 1)
        if (rotation.method === 'POST') await post(running.baseURL, call.path, rotation.bodies[i]!);
        else await fetch(`${running.baseURL}${rotation.paths[i]}`, { headers: rotation.headers });
    }
    const rssWarmMb = processRssMb(running.pid);
    const databaseName = storage.env['DATABASE_URL']
      ? new URL(storage.env['DATABASE_URL']).pathname.slice(1)
      : '';
    const figures: Record<string, CallFigures> = {};
    const options = { connections: CONNECTIONS, durationS: DURATION_S };
    for (const call of calls) {
      const sample = await sampleOf(running.baseURL, call);
      const bare = await startBareServer(sample.body, sample.type);
      try {
        const base: CurveMeasurement = await measureRotation(bare.baseURL, call.path, call.rotation, options);
        const cpuBefore = processCpuMs(running.pid);
        const dbBefore = databaseName ? databaseCpuMs(databaseName) : new Map<number, number>();
        const app = await measureRotation(running.baseURL, call.path, call.rotation, options);
        const cpuUs = ((processCpuMs(running.pid) - cpuBefore) * 1000) / Math.max(1, app.requests);
        const dbCpuUs = databaseName
          ? (cpuSpent(dbBefore, databaseCpuMs(databaseName)) * 1000) / Math.max(1, app.requests)
          : 0;
        const ratio = app.requestsPerSecond / base.requestsPerSecond;
        figures[call.label] = {
          cpuUs,
          dbCpuUs,
          p99Ms: app.p99Ms,
          ratio,
          errors: app.errors,
          requestsPerSecond: app.requestsPerSecond,
        };
        console.log(
          `${call.label.padEnd(20)} ${app.requestsPerSecond.toFixed(0).padStart(6)} req/s (bare ${base.requestsPerSecond.toFixed(0)})` +
            `  ratio ${ratio.toFixed(3)}  CPU ${cpuUs.toFixed(0)} µs/req${databaseName ? ` + database ${dbCpuUs.toFixed(0)} µs` : ''}  p50 ${app.p50Ms} ms  p99 ${app.p99Ms} ms (bare ${base.p99Ms})  errors ${app.errors}`,
        );
      } finally {
        bare.server.close();
      }
    }
    const rssAfterMb = processRssMb(running.pid);
    if (process.env['SCALE_SLOW_QUERY_MS']) console.log(summariseSlowQueries(running.output()));
    const size: SizeFigures = {
      works,
      pageRows: works * CHAPTERS * PAGES,
      generatedS: catalogue.seconds,
      databaseMb: await databaseMb(storage),
      indexBuildS,
      startS,
      firstSearchS,
      firstSuggestS,
      rssWarmMb,
      rssAfterMb,
      calls: figures,
    };
    console.log(
      `database ${size.databaseMb.toFixed(0)} MB; server RSS ${rssWarmMb.toFixed(0)} MB after warm-up, ${rssAfterMb.toFixed(0)} MB after the measurements`,
    );
    return size;
  } finally {
    await server?.stop();
    // SCALE_KEEP=1 keeps each database (to EXPLAIN its queries afterwards); drop them by hand.
    if (process.env['SCALE_KEEP'] || reuse)
      console.log(`kept: ${storage.env['DATABASE_URL'] ?? storage.env['DATA_DIR']}`);
    // A reused database stays; only its server's data folder goes.
    if (!process.env['SCALE_KEEP'] || reuse) await storage.drop();
  }
}

function printCurve(kind: string, sizes: SizeFigures[]): void {
  if (sizes.length === 0) return;
  const first = sizes[0]!;
  const last = sizes[sizes.length - 1]!;
  console.log(
    `\n${kind}: ${sizes.map((s) => s.works).join(' → ')} works (server+database CPU µs/req, p99 ms, ratio to bare)`,
  );
  for (const label of Object.keys(first.calls)) {
    const cells = sizes.map((s) => {
      const c = s.calls[label];
      return c
        ? `${c.cpuUs.toFixed(0)}${c.dbCpuUs ? `+${c.dbCpuUs.toFixed(0)}` : ''} µs ${c.p99Ms} ms ${c.ratio.toFixed(3)}`
        : '-';
    });
    const total = (c: CallFigures | undefined) => (c ? c.cpuUs + c.dbCpuUs : 0);
    const growth = total(last.calls[label]) / Math.max(1, total(first.calls[label]));
    const ratioFall = (first.calls[label]?.ratio ?? 0) / Math.max(1e-6, last.calls[label]?.ratio ?? 0);
    console.log(
      `  ${label.padEnd(20)} ${cells.join('  |  ')}  CPU growth ×${growth.toFixed(2)}, ratio fell ×${ratioFall.toFixed(2)}`,
    );
  }
  for (const s of sizes)
    console.log(
      `  ${String(s.works).padStart(7)} works: database ${s.databaseMb.toFixed(0)} MB, RSS ${s.rssWarmMb.toFixed(0)}/${s.rssAfterMb.toFixed(0)} MB, ` +
        `start ${s.startS.toFixed(2)} s, first search ${s.firstSearchS.toFixed(2)} s, document build ${s.indexBuildS.toFixed(0)} s, generated ${s.generatedS.toFixed(0)} s`,
    );
}

async function main(): Promise<void> {
  console.log(
    `scale curve: sizes ${SIZES.join(', ')} (SQLite up to ${SQLITE_MAX}); ${CONNECTIONS} connections, ${DURATION_S} s per measurement`,
  );
  const results: Record<string, SizeFigures[]> = {};
  for (const kind of ['postgres', 'sqlite'] as const) {
    if (!DATABASES.includes(kind)) continue;
    results[kind] = [];
    for (const works of SIZES) {
      if (kind === 'sqlite' && works > SQLITE_MAX) continue;
      results[kind].push(await runSize(kind, works));
    }
  }
  for (const [kind, sizes] of Object.entries(results)) printCurve(kind, sizes);
  console.log(JSON.stringify(results));
}

await main();
