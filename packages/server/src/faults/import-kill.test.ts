/**
 * kill -9 during an import, on the suite's database: SQLite in a temp folder, or fresh PostgreSQL
 * databases when the suite runs with DATABASE_URL. The server imports its LIBRARY_DIR at start-up
 * (in its import worker thread) and is killed with SIGKILL once a few chapters are committed; the
 * restarted server finishes the job. Afterwards the catalogue is exactly what one clean
 * `npm run import` makes (same works, chapters and pages, no duplicate or missing chapter, the
 * stored chapter counts right), every stored media object is recorded and referenced, the last
 * import run is recorded as done, and the import lock is free again.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database.js';
import { writeCbz, writeEpub } from '../import/testing/library-fixtures.js';
import { LocalMediaStore } from '../media/local-media-store.js';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { testDatabaseUrl } from '../testing/test-app.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = ['--conditions=source', '--import', 'tsx', 'packages/server/src/cli/import.ts'];
const suiteUrl = testDatabaseUrl();
const temp: string[] = [];
const pgDatabases: string[] = [];
const servers: ServerProcess[] = [];
let library: string;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteUrl! });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A place for one catalogue: a data folder, plus its own PostgreSQL database on that suite. */
interface Storage {
  dataDir: string;
  databaseUrl: string | null;
}

async function newStorage(name: string): Promise<Storage> {
  const dataDir = tempDir(`dm51-import-kill-${name}-`);
  if (!suiteUrl) return { dataDir, databaseUrl: null };
  const database = `import_kill_${name}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database "${database}"`);
  pgDatabases.push(database);
  return { dataDir, databaseUrl: suiteUrl.replace(/\/[^/?]*(\?|$)/, `/${database}$1`) };
}

function cliEnv(storage: Storage): NodeJS.ProcessEnv {
  const { DATABASE_URL: _suite, ...rest } = process.env;
  return {
    ...rest,
    DATA_DIR: storage.dataDir,
    LOG_LEVEL: 'silent',
    IMAGE_XOR_KEY: '77',
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
  };
}

function openCatalogue(storage: Storage): Database {
  return createDatabase({ databaseUrl: storage.databaseUrl, sqlitePath: join(storage.dataDir, 'app.db') });
}

/** Everything a consistent catalogue must satisfy, and its shape for comparison. */
async function audit(storage: Storage) {
  const db = openCatalogue(storage);
  try {
    const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
    const duplicates = await rows(sql`
      select work_id, sort_order from chapters group by work_id, sort_order having count(*) > 1`);
    const perWork = await rows<{ work_id: number; n: number | string; last: number | string }>(sql`
      select work_id, count(*) as n, max(sort_order) as last from chapters group by work_id`);
    const gaps = perWork.filter((row) => Number(row.last) !== Number(row.n) - 1);
    const count = async (table: 'chapters' | 'pages') =>
      Number((await rows<{ n: number | string }>(sql`select count(*) as n from ${sql.table(table)}`))[0]!.n);
    const referenced = new Set(
      (
        await rows<{ k: string }>(sql`
          select media_key as k from pages
          union select media_key from chapter_media
          union select cover_key from works where cover_key != ''
          union select poster_key from videos where poster_key != ''`)
      ).map((row) => row.k),
    );
    const recorded = new Set(
      (await rows<{ key: string }>(sql`select key from media_objects`)).map((r) => r.key),
    );
    const stored = new Set<string>();
    for await (const key of new LocalMediaStore(join(storage.dataDir, 'media')).keys()) stored.add(key);
    const works = (
      await rows<{ title: string; chapter_count: number | string }>(sql`
        select title, chapter_count from works order by title`)
    ).map((row) => `${row.title}: ${Number(row.chapter_count)}`);
    const wrongCounts = await rows(sql`
      select w.id from works w where w.chapter_count != (select count(*) from chapters c where c.work_id = w.id)`);
    return {
      duplicates,
      gaps,
      chapters: await count('chapters'),
      pages: await count('pages'),
      referenced,
      recorded,
      stored,
      works,
      wrongCounts,
    };
  } finally {
    await db.destroy();
  }
}

/** Committed chapters and the newest import run's status, or nothing before the schema exists. */
async function progress(storage: Storage): Promise<{ chapters: number; run: string | null }> {
  if (!storage.databaseUrl && !existsSync(join(storage.dataDir, 'app.db'))) return { chapters: 0, run: null };
  const db = openCatalogue(storage);
  try {
    const row = await db
      .selectFrom('chapters')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    const run = await db.selectFrom('import_runs').select('status').orderBy('id', 'desc').executeTakeFirst();
    return { chapters: Number(row?.n ?? 0), run: run?.status ?? null };
  } catch {
    return { chapters: 0, run: null }; // not migrated yet
  } finally {
    await db.destroy();
  }
}

async function waitFor(
  storage: Storage,
  until: (state: { chapters: number; run: string | null }) => boolean,
  what: string,
  alive: () => boolean,
): Promise<{ chapters: number; run: string | null }> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && alive()) {
    const state = await progress(storage);
    if (until(state)) return state;
    await new Promise((wait) => setTimeout(wait, 25));
  }
  throw new Error(`${what}: not reached (server ${alive() ? 'still running' : 'gone'})`);
}

async function startServer(storage: Storage): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: storage.dataDir,
    LIBRARY_DIR: library,
    LIBRARY_WATCH: 'off',
    IMAGE_XOR_KEY: '77',
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
  });
  servers.push(server);
  return server;
}

function runImport(storage: Storage, ...args: string[]) {
  return spawnSync(process.execPath, [...CLI, ...args, library], {
    cwd: REPO,
    env: cliEnv(storage),
    encoding: 'utf8',
    timeout: 240_000,
  });
}

beforeAll(async () => {
  library = tempDir('dm51-import-kill-library-');
  for (const [series, issues] of [
    ['Harbour Lights', 14],
    ['Paper Moths', 10],
  ] as const) {
    for (let i = 1; i <= issues; i += 1) {
      await writeCbz(join(library, `comics/${series}/${series} c${String(i).padStart(3, '0')}.cbz`), {
        pages: 4,
        size: [1200, 1800],
        info: { Series: series, Number: String(i) },
      });
    }
  }
  await writeEpub(join(library, 'novels/Salt Letters/Salt Letters.epub'), {
    title: 'Salt Letters',
    author: 'Ines Moreau',
    chapters: [
      { title: 'First letter', body: '<p>The tide came in twice.</p>' },
      { title: 'Second letter', body: '<p>The gulls were loud.</p>' },
    ],
  });
  await writeCbz(join(library, 'comics/Torn/Torn c001.cbz'), { pages: 1 });
  truncateSync(join(library, 'comics/Torn/Torn c001.cbz'), 100);
}, 180_000);

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  for (const database of pgDatabases) await adminQuery(`drop database if exists "${database}" with (force)`);
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe(`kill -9 during an import (${suiteUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('is finished by the restarted server: the same catalogue as a clean run, nothing duplicated or orphaned', async () => {
    const clean = await newStorage('clean');
    const cleanRun = runImport(clean);
    expect(cleanRun.status, cleanRun.stderr).toBe(0);
    const reference = await audit(clean);
    expect(reference.chapters).toBe(26);

    const killed = await newStorage('killed');
    const first = await startServer(killed);
    const running = () => first.child.exitCode === null;
    const before = await waitFor(killed, (state) => state.chapters >= 3, '3 chapters imported', running);
    expect(before.run).toBe('running');
    await first.kill('SIGKILL');
    const half = await audit(killed);
    expect(half.chapters).toBeLessThan(reference.chapters);

    // The restarted server resumes the import the killed one left running.
    const second = await startServer(killed);
    await waitFor(
      killed,
      (state) => state.run === 'done',
      'the import finished',
      () => second.child.exitCode === null,
    );
    const after = await audit(killed);
    expect(after.duplicates).toEqual([]);
    expect(after.gaps).toEqual([]);
    expect(after.wrongCounts).toEqual([]);
    expect({ chapters: after.chapters, pages: after.pages }).toEqual({
      chapters: reference.chapters,
      pages: reference.pages,
    });
    expect(after.works).toEqual(reference.works);
    expect([...after.stored].sort()).toEqual([...after.referenced].sort());
    expect([...after.recorded].sort()).toEqual([...after.stored].sort());
    expect(existsSync(join(killed.dataDir, 'import.lock'))).toBe(false);
  }, 420_000);
});
