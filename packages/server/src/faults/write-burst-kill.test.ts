/**
 * kill -9 during a write burst: the real server runs as a child process (SQLite in a temp folder,
 * or a fresh PostgreSQL database when the suite runs with DATABASE_URL). Eight users post
 * comments, add favourites, save their reading place and buy chapters with coins, as fast as the
 * server answers; mid-burst the server is killed with SIGKILL. After a restart on the same storage:
 * every write the server acknowledged (code 1 received) is there, a chapter is never unlocked
 * without its charge nor charged without its unlock, the ledger balances, and the restarted server
 * answers the same users.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database.js';
import type { ChapterRow, WorkRow } from '../db/schema.js';
import { migrateToLatest } from '../db/migrator.js';
import { LedgerService } from '../services/ledger.service.js';
import { WalletService } from '../services/wallet.service.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import { ledgerViolations, topUp } from '../testing/money-factory.js';
import {
  processCaller,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../testing/server-process.js';
import { testDatabaseUrl } from '../testing/test-app.js';

const USERS = 8;
const CHAPTERS = 60;
const PRICE = 10;
const ENVELOPE_KEY = randomBytes(16).toString('hex');
const API_KEY = `burst-${randomBytes(8).toString('hex')}`;

const dataDir = mkdtempSync(join(tmpdir(), 'dm51-burst-'));
const suiteUrl = testDatabaseUrl();
const pgDatabase = `burst_${randomBytes(6).toString('hex')}`;
const databaseUrl = suiteUrl ? suiteUrl.replace(/\/[^/?]*(\?|$)/, `/${pgDatabase}$1`) : null;
let db: Database;
const servers: ServerProcess[] = [];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteUrl! });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ENVELOPE_KEY,
    API_KEY,
    IMAGE_XOR_KEY: '77',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  servers.push(server);
  return server;
}

type Session = Required<ProcessSession>;

const call = processCaller({ envelopeKey: ENVELOPE_KEY, apiKey: API_KEY });

beforeAll(async () => {
  if (databaseUrl) await adminQuery(`create database "${pgDatabase}"`);
  db = createDatabase({ databaseUrl, sqlitePath: join(dataDir, 'app.db') });
  await migrateToLatest(db);
});
afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  await db?.destroy();
  if (databaseUrl) await adminQuery(`drop database if exists "${pgDatabase}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

/** `user_id|column` of the rows of these users in a table: what is stored, to look acknowledged writes up. */
async function userKeys(
  table: 'comments' | 'favorites' | 'chapter_unlocks',
  column: 'content' | 'work_id' | 'chapter_id',
  uids: number[],
): Promise<Set<string>> {
  const rows = await sql<{ user_id: number; value: string | number }>`
    select user_id, ${sql.ref(column)} as value from ${sql.table(table)} where user_id in (${sql.join(uids)})`.execute(
    db,
  );
  return new Set(rows.rows.map((row) => `${row.user_id}|${row.value}`));
}

/** What the server acknowledged before it died, by kind. */
interface Acknowledged {
  comments: { uid: number; content: string }[];
  favourites: { uid: number; workId: number }[];
  places: Map<string, number>;
  unlocks: { uid: number; chapterId: number }[];
}

describe('kill -9 during a write burst', () => {
  it('keeps every acknowledged write and leaves nothing half-written', async () => {
    const works: WorkRow[] = [];
    for (let i = 0; i < 4; i += 1)
      works.push(await buildWork(db, null, { title: `Burst work ${i}`, pay: 1 }));
    const paid = works[0]!;
    const chapters: ChapterRow[] = [];
    for (let i = 0; i < CHAPTERS; i += 1) {
      chapters.push(
        await buildChapter(db, { workId: paid.id, number: String(i + 1), pay: 1, priceCoins: PRICE }),
      );
    }

    const first = await startServer();
    const ledger = new LedgerService(db);
    const money = { ledger, wallet: new WalletService(db, ledger) };
    const sessions: Session[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const deviceid = `burst-device-${i}`;
      const init = await call(first.base, '/v3/app/init', { deviceid });
      const data = init.data as { token: string; user: { id: number } };
      await db.updateTable('users').set({ is_guest: 0 }).where('id', '=', data.user.id).execute();
      await topUp(db, money, data.user.id, { coins: 100_000 });
      sessions.push({ token: data.token, uid: data.user.id, deviceid });
    }

    const acked: Acknowledged = { comments: [], favourites: [], places: new Map(), unlocks: [] };
    let stopped = false;
    let inFlightAtKill = 0;
    let inFlight = 0;
    const worker = async (session: Session, index: number) => {
      for (let step = 0; !stopped; step += 1) {
        const work = works[step % works.length]!;
        const chapter = chapters[(index * 7 + step) % CHAPTERS]!;
        inFlight += 1;
        try {
          switch (step % 4) {
            case 0: {
              const content = `burst comment ${session.uid}-${step}`;
              const answer = await call(
                first.base,
                '/v3/comment/add',
                { work_id: work.id, content },
                session,
              );
              if (answer.code === 1) acked.comments.push({ uid: session.uid, content });
              break;
            }
            case 1: {
              const answer = await call(first.base, '/v3/cases/add/comic', { id: work.id }, session);
              if (answer.code === 1) acked.favourites.push({ uid: session.uid, workId: work.id });
              break;
            }
            case 2: {
              const answer = await call(
                first.base,
                '/v3/read/add',
                { id: paid.id, chapter_id: chapter.id, page_index: step, percent: 10 },
                session,
              );
              if (answer.code === 1) acked.places.set(`${session.uid}`, chapter.id);
              break;
            }
            default: {
              const answer = await call(
                first.base,
                '/v3/comic/buy',
                { chapter_id: chapter.id, idempotency_key: `burst-${session.uid}-${step}` },
                session,
              );
              if (answer.code === 1) acked.unlocks.push({ uid: session.uid, chapterId: chapter.id });
              break;
            }
          }
        } catch {
          // The connection died with the server: not acknowledged, so nothing is promised.
          stopped = true;
        } finally {
          inFlight -= 1;
        }
      }
    };
    const burst = Promise.all(sessions.map((session, index) => worker(session, index)));
    // Kill once a fair amount has been acknowledged, while requests are still in flight.
    const deadline = Date.now() + 20_000;
    while (acked.comments.length + acked.unlocks.length < 60 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    inFlightAtKill = inFlight;
    await first.kill('SIGKILL');
    stopped = true;
    await burst;
    console.log(
      `[burst] acknowledged before the kill: ${acked.comments.length} comments, ${acked.favourites.length} favourites, ${acked.places.size} places, ${acked.unlocks.length} unlocks; ${inFlightAtKill} requests in flight`,
    );
    expect(acked.comments.length + acked.unlocks.length).toBeGreaterThanOrEqual(60);
    expect(inFlightAtKill).toBeGreaterThan(0);

    const second = await startServer();
    const uids = sessions.map((session) => session.uid);
    const stored = await userKeys('comments', 'content', uids);
    for (const comment of acked.comments) expect(stored).toContain(`${comment.uid}|${comment.content}`);
    const shelved = await userKeys('favorites', 'work_id', uids);
    for (const favourite of acked.favourites)
      expect(shelved).toContain(`${favourite.uid}|${favourite.workId}`);
    const unlocked = await userKeys('chapter_unlocks', 'chapter_id', uids);
    for (const unlock of acked.unlocks) expect(unlocked).toContain(`${unlock.uid}|${unlock.chapterId}`);
    // Every unlock was charged once and every charge unlocked something; balances add up.
    expect(await ledgerViolations(db)).toEqual([]);
    for (const session of sessions) {
      const user = await db
        .selectFrom('users')
        .select('coins')
        .where('id', '=', session.uid)
        .executeTakeFirstOrThrow();
      const mine = [...unlocked].filter((key) => key.startsWith(`${session.uid}|`)).length;
      expect(user.coins).toBe(100_000 - mine * PRICE);
    }

    // Reading places: each user who had one acknowledged has one (the last write that committed,
    // which may be newer than the last answer that arrived).
    const places = await db
      .selectFrom('reading_history')
      .select(['user_id', 'chapter_id'])
      .where('user_id', 'in', uids)
      .execute();
    for (const uid of acked.places.keys()) expect(places.map((row) => String(row.user_id))).toContain(uid);

    // The restarted server answers the same sessions and shows what they bought as open.
    for (const session of sessions) {
      const answer = await call(second.base, '/v3/comic/chapters', { id: paid.id }, session);
      expect(answer.code).toBe(1);
    }
  }, 120_000);
});
