// The embedded database's transactions with a second writer on the same file (the import worker,
// the import CLI): runs on SQLite whatever database the rest of the suite uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDatabase, type Database } from './database.js';

let folder: string;
let db: Database;
let otherWriter: BetterSqlite3.Database;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'dm51-immediate-'));
  const sqlitePath = join(folder, 'app.db');
  db = createDatabase({ databaseUrl: null, sqlitePath });
  await sql`create table counters (name text primary key, value integer not null)`.execute(db);
  await sql`insert into counters values ('a', 0), ('b', 0)`.execute(db);
  otherWriter = new BetterSqlite3(sqlitePath);
  // The other writer does not wait: whoever holds the lock, the outcome shows at once.
  otherWriter.pragma('busy_timeout = 0');
});

afterEach(async () => {
  otherWriter.close();
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

it('a transaction that has read goes on to write although another connection tried to write in between', async () => {
  let otherOutcome = '';
  await db.transaction().execute(async (tx) => {
    const before = await sql<{ value: number }>`select value from counters where name = 'a'`.execute(tx);
    try {
      otherWriter.prepare("update counters set value = value + 1 where name = 'b'").run();
      otherOutcome = 'wrote';
    } catch (error) {
      otherOutcome = (error as Error).message;
    }
    await sql`update counters set value = ${before.rows[0]!.value + 10} where name = 'a'`.execute(tx);
  });
  // The transaction held the write lock from its start: the other writer was the one told to wait
  // (with its busy_timeout it would have waited; here it gives up at once), and nothing is lost.
  expect(otherOutcome).toBe('database is locked');
  const rows = await sql<{
    name: string;
    value: number;
  }>`select name, value from counters order by name`.execute(db);
  expect(rows.rows).toEqual([
    { name: 'a', value: 10 },
    { name: 'b', value: 0 },
  ]);
  // And once it has committed, the other writer writes.
  otherWriter.prepare("update counters set value = value + 1 where name = 'b'").run();
  expect(otherWriter.prepare("select value from counters where name = 'b'").pluck().get()).toBe(1);
});
