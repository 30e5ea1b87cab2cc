/**
 * Scale-out throughput: the hot calls (home, chapter read, search) through HAProxy in
 * front of 1, 2 and 3 instances of the real built server, all on one PostgreSQL database, Redis
 * and an S3-speaking object store (e2e/support/cluster.ts), measured in the same run, with each
 * figure's ratio to the single instance. The catalogue is BENCH_WORKS works (10,000) with 5
 * chapters of 10 pages each, written straight into PostgreSQL.
 *
 * On this 2-core machine the instances, PostgreSQL, Redis, HAProxy and the load generator share
 * two cores, so more instances cannot add CPU: the ratios show what the second and third instance
 * cost or give here (their cache warm-up, the extra connections); docs/install/cluster.md ("What
 * each part holds") says what scales on a real cluster. BENCH_DURATION_S (10), BENCH_CONNECTIONS
 * (30), BENCH_CASES=home,read,search.
 *
 * Run after `npm run build`: `npm run bench:scale`.
 */
import pg from 'pg';
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { startCluster } from '../e2e/support/cluster.js';
import { E2E_KEYS } from '../e2e/support/server.js';
import { measurePosts, type Measurement } from './support/autocannon-measure.js';
import { startHaproxyFront } from './support/haproxy-front.js';

const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 30);
const WORKS = Number(process.env['BENCH_WORKS'] ?? 10_000);
/** Kept-alive connections HAProxy holds to each instance. */
const BACKEND_CONNECTIONS = 16;

/** The same synthetic catalogue as bench/catalogue.bench.ts, in PostgreSQL. */
async function generate(databaseUrl: string): Promise<{ chapterIds: number[]; seconds: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Math.floor(Date.now() / 1000);
    await client.query('begin');
    await client.query(
      `insert into categories (type, name, sort) select 0, '分类' || g, g from generate_series(0, 9) g`,
    );
    await client.query(`insert into tags (name) select '标签' || g from generate_series(0, 49) g`);
    await client.query(`insert into authors (name) select '作者' || g from generate_series(0, 1999) g`);
    await client.query(
      `insert into works (type, title, summary, cover_key, cover_width, cover_height, is_end, pay, score_x10,
         source_key, chapter_count, latest_chapter_title, views_total, favorites_total, published, created_time, updated_time)
       select 0, '作品 ' || g || ' Work', '第' || g || '部作品的简介。', 'aa/bb/' || lpad(to_hex(g), 64, '0') || '_xfile.jpg',
         360, 480, (g % 3 = 0)::int, case when g % 10 = 0 then 2 else 0 end, 50 + g % 50, 'bench/' || g, 5, '第5话',
         (g * 7919) % 100000, g % 500, 1, $1::bigint, $1::bigint - g % 100000
       from generate_series(0, $2::int - 1) g`,
      [now, WORKS],
    );
    await client.query(
      `insert into work_authors (work_id, author_id)
       select w.id, a.id from works w join authors a on a.name = '作者' || ((w.id - 1) % 2000)`,
    );
    await client.query(
      `insert into work_tags (work_id, tag_id) select w.id, t.id from works w join tags t
       on t.name in ('标签' || ((w.id - 1) % 50), '标签' || ((w.id + 16) % 50))`,
    );
    await client.query(
      `insert into work_categories (work_id, category_id) select w.id, c.id from works w join categories c
       on c.name = '分类' || ((w.id - 1) % 10)`,
    );
    await client.query(
      `insert into chapters (work_id, sort_order, number, title, pay, page_count, source_path, created_time, updated_time)
       select w.id, c, (c + 1)::text, '第' || (c + 1) || '话', 0, 10, 'bench/' || w.id || '/' || c, $1::bigint, $1::bigint
       from works w, generate_series(0, 4) c`,
      [now],
    );
    await client.query(
      `insert into pages (chapter_id, page_index, media_key, width, height, bytes)
       select ch.id, p, 'cc/dd/' || lpad(to_hex(ch.id), 56, '0') || lpad(to_hex(p), 8, '0') || '_xfile.webp', 800, 1200, 150000
       from chapters ch, generate_series(0, 9) p`,
    );
    await client.query('commit');
    await client.query('analyze');
    const chapters = await client.query<{ id: number }>(
      'select id from chapters where work_id % 37 = 0 order by id limit 200',
    );
    return { chapterIds: chapters.rows.map((row) => Number(row.id)), seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Each body in turn, through `url`; answers whose code is not 1 count as errors (support/). */
function measure(url: string, bodies: string[]): Promise<Measurement> {
  let next = 0;
  return measurePosts(url, () => bodies[(next = (next + 1) % bodies.length)]!, {
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
}

async function main(): Promise<void> {
  const cluster = await startCluster({
    instances: 3,
    env: { LOG_LEVEL: 'warn', TIMESTAMP_WINDOW_S: '3600' },
  });
  const fronts: Awaited<ReturnType<typeof startHaproxyFront>>[] = [];
  try {
    const { chapterIds, seconds } = await generate(cluster.databaseUrl);
    console.log(
      `catalogue: ${WORKS} works, ${WORKS * 5} chapters, ${WORKS * 50} pages in PostgreSQL (${seconds.toFixed(1)} s)`,
    );
    const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
    const seal = (payload: Record<string, unknown>) =>
      new URLSearchParams({
        data: envelope.seal({
          facility: 'Linux_h5',
          deviceid: 'bench-scale',
          apikey: E2E_KEYS.apiKey,
          is_guest: 1,
          timestamp: Date.now(),
          ...payload,
        }),
      }).toString();
    const initAnswer = (await (
      await fetch(`${cluster.baseURL}/v3/app/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: seal({ user_token: '', user_id: 0 }),
      })
    ).json()) as { data: string };
    const init = envelope.open(initAnswer.data) as { token: string; user: { id: number } };
    const session = { user_token: init.token, user_id: init.user.id };
    const cases = [
      {
        label: 'home',
        path: '/v3/comic/index',
        bodies: [seal({ ...session, reco_size: 6, news_size: 10, type_size: 10 })],
      },
      {
        label: 'read',
        path: '/v3/comic/read',
        bodies: chapterIds.map((chapter_id) => seal({ ...session, chapter_id })),
      },
      {
        label: 'search',
        path: '/v3/search/index',
        bodies: ['作品 12', '标签3', 'work 99', '作者17'].map((keyword) =>
          seal({ ...session, keyword, page: 2 }),
        ),
      },
    ];
    const wanted = (process.env['BENCH_CASES'] ?? '').split(',').filter(Boolean);
    const chosen = cases.filter(({ label }) => wanted.length === 0 || wanted.includes(label));
    // Warm every instance (search index, caches) so the first measurement is not the warm-up.
    for (const instance of cluster.instances)
      for (const { path, bodies } of chosen)
        for (const body of bodies.slice(0, 20))
          await fetch(`${instance.baseURL}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          });
    for (let n = 1; n <= cluster.instances.length; n++) {
      fronts.push(
        await startHaproxyFront(
          cluster.instances.slice(0, n).map((instance) => instance.baseURL),
          BACKEND_CONNECTIONS,
        ),
      );
    }
    console.log(`${CONNECTIONS} connections through HAProxy, ${DURATION_S} s per measurement`);
    const report: Record<string, Record<number, Measurement & { ratio: number }>> = {};
    for (const { label, path, bodies } of chosen) {
      report[label] = {};
      let single = 0;
      for (const [i, front] of fronts.entries()) {
        const m = await measure(`${front.baseURL}${path}`, bodies);
        if (i === 0) single = m.requestsPerSecond;
        const ratio = m.requestsPerSecond / single;
        report[label][i + 1] = { ...m, ratio };
        console.log(
          `${label.padEnd(7)} ${i + 1} instance${i ? 's' : ' '} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
            `   p50 ${m.p50Ms} ms   p99 ${m.p99Ms} ms   errors ${m.errors}   ratio to 1 instance ${ratio.toFixed(2)}`,
        );
      }
    }
    console.log(JSON.stringify({ works: WORKS, connections: CONNECTIONS, report }));
  } finally {
    for (const front of fronts) await front.stop();
    await cluster.stop();
  }
}

await main();
