/**
 * Chapter unlocks per second (coins through the money ledger) on the real built server, through
 * the full envelope:
 * 100 concurrent buyers (registered users with coins, BENCH_BUYERS) each POST `/v3/comic/buy` with a
 * fresh idempotency key for a chapter still locked for them — every request is a real purchase: a
 * ledger transaction that locks the buyer's accounts, checks the key, spends coins (legs, balances,
 * projections) and records the unlock and the answer. Measured beside a plain read in the same run:
 * `/v3/comic/read` of a free chapter (10 pages) by the same users over the same connections; the
 * ratio unlock/read is printed. Afterwards the ledger is checked (every answered purchase is one
 * entry and one unlock; balances reconcile).
 *
 * SQLite by default; DATABASE_URL=postgres://… runs on a fresh PostgreSQL database of its own
 * (created and dropped here). BENCH_DURATION_S (10) per measurement, BENCH_CONNECTIONS (100),
 * BENCH_CHAPTERS (coin chapters seeded, 1,200 — more than a buyer gets through).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { LedgerService } from '../packages/server/src/services/ledger.service.js';
import { WalletService } from '../packages/server/src/services/wallet.service.js';
import { ledgerViolations, topUp } from '../packages/server/src/testing/money-factory.js';
import { startServer } from '../e2e/support/server.js';
import { createBenchSeal } from './support/bench-seal.js';
import { measurePosts, type Measurement } from './support/autocannon-measure.js';
import { prepareStorage } from './support/bench-storage.js';

const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 100);
const BUYERS = Number(process.env['BENCH_BUYERS'] ?? CONNECTIONS);
const CHAPTERS = Number(process.env['BENCH_CHAPTERS'] ?? 1_200);
const CHAPTERS_PER_WORK = 20;
const PAGES = 10;
const PRICE = 10;

/** Comic works of 20 chapters each: the first free (10 pages), the others coin chapters. */
async function seedCatalogue(db: Database): Promise<{ free: number[]; locked: number[] }> {
  const now = Math.floor(Date.now() / 1000);
  const free: number[] = [];
  const locked: number[] = [];
  const works = Math.ceil(CHAPTERS / (CHAPTERS_PER_WORK - 1));
  for (let w = 0; w < works; w += 1) {
    const work = await db
      .insertInto('works')
      .values({
        type: 0,
        title: `Unlock bench ${w}`,
        alt_titles: '[]',
        summary: '',
        cover_key: '',
        cover_width: 0,
        cover_height: 0,
        is_end: 0,
        pay: 0,
        score_x10: 80,
        language: 'zh',
        rtl: 0,
        source_key: `bench-unlock/${w}`,
        views_total: 0,
        favorites_total: 0,
        published: 1,
        chapter_count: CHAPTERS_PER_WORK,
        chapter_price: PRICE,
        created_time: now,
        updated_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chapters = await db
      .insertInto('chapters')
      .values(
        Array.from({ length: CHAPTERS_PER_WORK }, (_, c) => ({
          work_id: work.id,
          sort_order: c,
          number: String(c + 1),
          title: `第${c + 1}话`,
          pay: c === 0 ? 0 : 1,
          price_coins: 0,
          page_count: PAGES,
          source_path: `bench-unlock/${w}/${c}`,
          created_time: now,
          updated_time: now,
        })),
      )
      .returning(['id', 'pay'])
      .execute();
    for (const chapter of chapters) (chapter.pay === 0 ? free : locked).push(chapter.id);
    await db
      .insertInto('pages')
      .values(
        chapters.flatMap((chapter) =>
          Array.from({ length: PAGES }, (_, p) => ({
            chapter_id: chapter.id,
            page_index: p,
            media_key: `cc/dd/${chapter.id.toString(16).padStart(56, '0')}${p.toString(16).padStart(8, '0')}_xfile.webp`,
            width: 800,
            height: 1200,
            bytes: 150_000,
          })),
        ),
      )
      .execute();
  }
  return { free, locked: locked.slice(0, CHAPTERS) };
}

const measure = (url: string, next: () => string) =>
  measurePosts(url, next, { connections: CONNECTIONS, durationS: DURATION_S });

const row = (name: string, m: Measurement) =>
  `${name.padEnd(44)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${m.p50Ms} ms   p99 ${m.p99Ms} ms   errors ${m.errors}`;

async function main(): Promise<void> {
  const storage = await prepareStorage('unlock');
  let db: Database | undefined = storage.connect();
  const kind = storage.kind;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrateToLatest(db);
    const { free, locked } = await seedCatalogue(db);
    server = await startServer({ ...storage.env, TIMESTAMP_WINDOW_S: '3600' });
    const { envelope, seal } = createBenchSeal({ is_guest: 0 });
    const post = async (path: string, body: string) => {
      const response = await fetch(`${server!.baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const parsed = (await response.json()) as { code: number; msg: string; data: string | null };
      if (parsed.code !== 1) throw new Error(`the server refused ${path}: ${parsed.code} ${parsed.msg}`);
      return parsed.data ? (envelope.open(parsed.data) as Record<string, unknown>) : null;
    };

    // Buyers: sessions from /v3/app/init, made registered accounts, each with a paid top-up of
    // 1,000,000 coins fulfilled through the ledger (they never run short).
    const ledger = new LedgerService(db);
    const money = { ledger, wallet: new WalletService(db, ledger) };
    const buyers: { user_token: string; user_id: number; deviceid: string }[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const deviceid = `bench-unlock-${i}`;
      const init = (await post('/v3/app/init', seal({ deviceid }))) as {
        token: string;
        user: { id: number };
      };
      buyers.push({ user_token: init.token, user_id: init.user.id, deviceid });
    }
    await db
      .updateTable('users')
      .set({ is_guest: 0 })
      .where(
        'id',
        'in',
        buyers.map((buyer) => buyer.user_id),
      )
      .execute();
    for (const buyer of buyers)
      await topUp(db, money, buyer.user_id, { coins: 1_000_000, amountFen: 10_000_000 });

    // Every request is sealed beforehand: the bench process stays out of the server's CPU.
    const reads = buyers.flatMap((buyer, b) =>
      Array.from({ length: 20 }, (_, i) => seal({ ...buyer, chapter_id: free[(b + i) % free.length] })),
    );
    // Buyer b's n-th purchase: the n-th chapter of their own rotation, a key never sent before.
    const runId = randomBytes(3).toString('hex');
    const buys = buyers.map((buyer, b) =>
      locked.map((_, n) =>
        seal({
          ...buyer,
          chapter_id: locked[(b * 37 + n) % locked.length],
          count: 1,
          idempotency_key: `bench-${runId}-${b}-${n}`,
        }),
      ),
    );
    await db.destroy();
    db = undefined;
    const sample = await post('/v3/comic/read', reads[0]!);
    if (!Array.isArray(sample?.['pages']) || (sample['pages'] as unknown[]).length !== PAGES)
      throw new Error('the free chapter did not answer its pages');

    let nextRead = 0;
    const read = await measure(`${server.baseURL}/v3/comic/read`, () => reads[nextRead++ % reads.length]!);
    let nextBuyer = 0;
    const used = new Array<number>(BUYERS).fill(0);
    let ranOut = false;
    const unlock = await measure(`${server.baseURL}/v3/comic/buy`, () => {
      const b = nextBuyer++ % BUYERS;
      const n = used[b]!++;
      if (n >= locked.length) ranOut = true;
      return buys[b]![n % locked.length]!;
    });

    console.log(
      `${kind}: ${BUYERS} buyers, ${locked.length} coin chapters, ${CONNECTIONS} connections, ${DURATION_S} s per measurement`,
    );
    console.log(row('/v3/comic/read (free chapter, 10 pages)', read));
    console.log(row('/v3/comic/buy (fresh key, locked chapter)', unlock));
    console.log(`RATIO unlock/read: ${(unlock.requestsPerSecond / read.requestsPerSecond).toFixed(3)}`);
    if (ranOut) console.log('WARNING: buyers ran out of locked chapters; raise BENCH_CHAPTERS');

    // Every answered purchase is exactly one entry and one unlock, and the ledger reconciles
    // (checked once the server has stopped: purchases in flight at the end have committed).
    await server.stop();
    server = undefined;
    db = storage.connect();
    const checkDb = db;
    const count = async (table: 'chapter_unlocks' | 'ledger_entries') => {
      let query = checkDb.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (table === 'ledger_entries') query = query.where('kind', '=', 'chapter_unlock');
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const [unlocks, entries, violations] = await Promise.all([
      count('chapter_unlocks'),
      count('ledger_entries'),
      ledgerViolations(checkDb),
    ]);
    // Purchases still in flight when the measurement stopped commit unanswered (at most one per connection).
    const checked =
      entries === unlocks &&
      unlocks >= unlock.ok &&
      unlocks - unlock.ok <= CONNECTIONS &&
      violations.length === 0;
    console.log(
      `ledger check: ${unlock.ok} purchases answered, ${unlocks} unlocks, ${entries} entries, ${violations.length} violations: ${checked ? 'ok' : 'FAILED'}`,
    );
    if (!checked) {
      for (const violation of violations.slice(0, 10)) console.log(`  ${violation}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await db?.destroy();
    await storage.drop();
  }
}

await main();
