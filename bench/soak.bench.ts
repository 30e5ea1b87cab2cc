/**
 * Soak: a mixed workload of real clients through the envelope against the real built
 * server on the generated demo library — home, comic details, chapter lists, chapter reads,
 * searches, favourites, reading history and comment posts, each client with its own guest
 * session — at BENCH_CONNECTIONS (1,000) concurrent connections for BENCH_DURATION_S (60) s.
 * Prints throughput, p50/p99, answers by kind (ok, rate-limited, refused), transport errors and
 * timeouts, and the server's memory (RSS) every 5 s. SQLite by default; DATABASE_URL=postgres://…
 * runs it on a fresh PostgreSQL database. A baseline from the same run: the bare node:http server
 * of bench/catalogue answering one sealed answer at the same concurrency.
 *
 * Comments are a small share of the mix and meet the comment rate limits (20 a minute per
 * address: every client here is 127.0.0.1), so most are answered 429 on purpose; they are counted
 * apart, not as errors. Run after `npm run build` (`npm run bench:soak` does both).
 *
 * Every 5 s it also samples the server's accept queue (connections the kernel has completed and
 * the server has not yet taken, `ss -ltn`): Node 20's libuv accepts one connection per event-loop
 * turn, and a turn under this load serves hundreds of requests, so a crowd of new connections
 * waits there, unseen by the server, into the clients' timeouts. BENCH_BALANCER=haproxy runs the
 * same soak through HAProxy in front of the server (BENCH_BACKEND_CONNS, 64, kept-alive
 * connections to it), as a deployment would.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freeLoopbackPort } from '../packages/server/src/testing/free-port.js';
import { startServer } from '../e2e/support/server.js';
import { createBenchSeal } from './support/bench-seal.js';
import { prepareStorage } from './support/bench-storage.js';
import { startHaproxyFront, type HaproxyFront } from './support/haproxy-front.js';

const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 1_000);
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 60);
const SESSIONS = Number(process.env['BENCH_SESSIONS'] ?? 200);
const BALANCER = process.env['BENCH_BALANCER'] ?? '';
const BACKEND_CONNS = Number(process.env['BENCH_BACKEND_CONNS'] ?? 64);
if (BALANCER !== '' && BALANCER !== 'haproxy') throw new Error('BENCH_BALANCER must be haproxy or unset');

interface Shot {
  path: string;
  body: string;
}

/** Server RSS in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** Connections waiting in the kernel's accept queue of the listening socket on `port`. */
function acceptQueue(port: number): number {
  const out = execFileSync('ss', ['-Hltn', 'sport', '=', `:${port}`], { encoding: 'utf8' });
  return Number(out.trim().split(/\s+/)[1] ?? Number.NaN);
}

/**
 * The bare baseline in its own process: in the benchmark's process it would share one event loop
 * with the load generator and lose connections to it, which the real server (a child) does not.
 */
async function startBareServer(answer: string): Promise<{ url: string; stop: () => void }> {
  const port = await freeLoopbackPort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => { r.writeHead(200, { 'content-type': 'application/json' }); r.end(process.env.ANSWER); }); }).listen(${port}, '127.0.0.1', 4096, () => console.log('up'));`,
    ],
    { env: { ...process.env, ANSWER: answer }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolveUp, reject) => {
    child.stdout!.once('data', () => resolveUp());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function main(): Promise<void> {
  const storage = await prepareStorage('soak');
  const server = await startServer({
    ...storage.env,
    DEMO_LIBRARY: 'on',
    TIMESTAMP_WINDOW_S: '3600',
    LOG_LEVEL: 'error',
  });
  const { seal, envelope } = createBenchSeal();
  const post = async (path: string, payload: Record<string, unknown>) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: seal(payload),
    });
    const json = (await response.json()) as { code: number; msg: string; data: string | null };
    if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return (json.data ? envelope.open(json.data) : {}) as Record<string, unknown>;
  };

  try {
    // Sessions, like phones opening the app.
    const sessions: Record<string, unknown>[] = [];
    for (let i = 0; i < SESSIONS; i += 1) {
      const deviceid = `soak-${i}`;
      const init = (await post('/v3/app/init', { deviceid })) as { token: string; user: { id: number } };
      sessions.push({ deviceid, user_token: init.token, user_id: init.user.id, is_guest: 1 });
    }
    // The demo library imports in the background: wait until home lists all its comics (the
    // count stops growing for 5 s), at most 4 minutes.
    let works: number[] = [];
    let steadySince = Date.now();
    for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
      const home = (await post('/v3/comic/index', sessions[0]!)) as { news: { relate_id: number }[] };
      const now = home.news.map((card) => card.relate_id).filter((id) => id > 0);
      if (now.length !== works.length) steadySince = Date.now();
      works = now;
      if (works.length > 0 && Date.now() - steadySince >= 5_000) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    if (works.length === 0) throw new Error('the demo library did not import');
    const chapters: { work: number; chapter: number }[] = [];
    for (const work of works) {
      const list = (await post('/v3/comic/chapters', { ...sessions[0]!, id: work })) as {
        list: { id: number; pay?: number }[];
      };
      for (const chapter of list.list) if (!chapter.pay) chapters.push({ work, chapter: chapter.id });
    }

    // The mix: mostly reading, some writing, a few comments (weights sum to 100).
    const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;
    const mix: { weight: number; make: (s: Record<string, unknown>, i: number) => Shot }[] = [
      {
        weight: 25,
        make: (s) => ({
          path: '/v3/comic/index',
          body: seal({ ...s, reco_size: 6, news_size: 10, type_size: 10 }),
        }),
      },
      {
        weight: 15,
        make: (s, i) => ({ path: '/v3/comic/details', body: seal({ ...s, id: pick(works, i) }) }),
      },
      {
        weight: 10,
        make: (s, i) => ({ path: '/v3/comic/chapters', body: seal({ ...s, id: pick(works, i) }) }),
      },
      {
        weight: 25,
        make: (s, i) => ({
          path: '/v3/comic/read',
          body: seal({ ...s, chapter_id: pick(chapters, i).chapter }),
        }),
      },
      {
        weight: 10,
        make: (s, i) => ({
          path: '/v3/search/index',
          body: seal({ ...s, keyword: pick(['星', '森林', 'Academy', '少年', 'key'], i), page: 1 }),
        }),
      },
      {
        weight: 5,
        make: (s, i) => ({ path: '/v3/cases/add/comic', body: seal({ ...s, id: pick(works, i) }) }),
      },
      {
        weight: 8,
        make: (s, i) => ({
          path: '/v3/read/add',
          body: seal({
            ...s,
            id: pick(chapters, i).work,
            chapter_id: pick(chapters, i).chapter,
            page_index: i % 5,
            percent: 50,
          }),
        }),
      },
      {
        weight: 2,
        make: (s, i) => ({
          path: '/v3/comment/add',
          body: seal({ ...s, work_id: pick(works, i), content: `Soak comment number ${i}` }),
        }),
      },
    ];
    const shots: Shot[] = [];
    for (let i = 0; i < 5_000; i += 1) {
      let roll = i % 100;
      const kind = mix.find((entry) => (roll -= entry.weight) < 0) ?? mix[0]!;
      shots.push(kind.make(pick(sessions, i * 7), i));
    }

    // Baseline: a bare server answering one sealed home answer at the same concurrency.
    const homeAnswer = await fetch(`${server.baseURL}/v3/comic/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: shots[0]!.body,
    }).then((r) => r.text());
    const bare = await startBareServer(homeAnswer);
    const baseline = await autocannon({
      url: bare.url,
      method: 'POST',
      connections: CONNECTIONS,
      duration: Math.min(DURATION_S, 15),
      body: shots[0]!.body,
    });
    bare.stop();

    const serverPort = Number(new URL(server.baseURL).port);
    const front: HaproxyFront | null =
      BALANCER === 'haproxy' ? await startHaproxyFront(server.baseURL, BACKEND_CONNS) : null;

    const memory: string[] = [];
    const started = Date.now();
    const sampler = setInterval(
      () =>
        memory.push(
          `${Math.round((Date.now() - started) / 1000)}s ${rssMiB(server.pid).toFixed(0)} MiB, accept queue ${acceptQueue(serverPort)}`,
        ),
      5_000,
    );
    const answers = { ok: 0, limited: 0, refused: 0 };
    const refusedSamples = new Map<string, number>();
    let next = 0;
    const result = await autocannon({
      url: front?.baseURL ?? server.baseURL,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 10,
      requests: [
        {
          setupRequest: (request) => {
            const shot = shots[(next = (next + 1) % shots.length)]!;
            return { ...request, path: shot.path, body: shot.body };
          },
          onResponse: (status, body) => {
            if (status !== 200) return;
            if (body.startsWith('{"code":1,')) answers.ok += 1;
            else if (body.startsWith('{"code":429,')) answers.limited += 1;
            else {
              answers.refused += 1;
              const head = body.slice(0, 80);
              refusedSamples.set(head, (refusedSamples.get(head) ?? 0) + 1);
            }
          },
        },
      ],
    });
    clearInterval(sampler);
    await front?.stop();

    console.log(
      `soak on ${storage.kind}${front ? `, through HAProxy (${BACKEND_CONNS} connections to the server)` : ''}: ${CONNECTIONS} connections, ${DURATION_S} s, ${SESSIONS} sessions, ${works.length} works`,
    );
    console.log(
      `baseline (bare node:http, same concurrency): ${baseline.requests.average.toFixed(0)} req/s, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms, errors ${baseline.errors}, timeouts ${baseline.timeouts}`,
    );
    console.log(
      `app: ${result.requests.average.toFixed(0)} req/s (ratio ${(result.requests.average / baseline.requests.average).toFixed(3)}), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `answers: ${answers.ok} ok, ${answers.limited} rate-limited (comments, expected), ${answers.refused} refused; non-2xx ${result.non2xx}; transport errors ${result.errors}, of which timeouts ${result.timeouts}`,
    );
    for (const [head, count] of refusedSamples) console.log(`  refused ${count}×: ${head}`);
    console.log(`server memory (RSS) and accept queue: ${memory.join('; ')}`);
  } finally {
    await server.stop();
    await storage.drop();
  }
}

await main();
