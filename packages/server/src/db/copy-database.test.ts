/**
 * Moving an embedded install onto a scaled deployment (`npm run copy-data`): a SQLite catalogue
 * with media, a reader with a balance and a favourite, copied into a new PostgreSQL schema and an
 * S3 server (s3rver) on loopback. Every table arrives with the same rows, ids keep counting after
 * the copied ones, media arrive byte for byte, a second run adds nothing, and a target already in
 * use is refused untouched.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMedia } from '../media/copy-media.js';
import { LocalMediaStore } from '../media/local-media-store.js';
import { S3MediaStore } from '../media/s3-media-store.js';
import { buildChapter, buildComicPages, buildWork } from '../testing/catalogue-factory.js';
import { startS3rver, type S3rverHandle } from '../testing/s3rver.js';
import { withAdminClient } from '../testing/test-app.js';
import { CopyRefusedError, copySqliteToPostgres } from './copy-database.js';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrator.js';

const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

const admin = (statement: string) => withAdminClient(POSTGRES_URL, (client) => client.query(statement));

let folder: string;
let sqlitePath: string;
let source: Database;
let localMedia: LocalMediaStore;
let schema: string;
let target: Database;
let s3: S3rverHandle;
let s3Media: S3MediaStore;
let workIds: number[];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'dm51-copy-'));
  sqlitePath = join(folder, 'app.db');
  source = createDatabase({ databaseUrl: null, sqlitePath });
  await migrateToLatest(source);
  localMedia = new LocalMediaStore(join(folder, 'media'));
  const media = { store: localMedia, xorKey: 0x5a };
  workIds = [];
  for (const title of ['星海漫游', '雨夜书店']) {
    const work = await buildWork(source, media, { title, tags: ['冒险'], authors: ['林夕'] });
    const chapter = await buildChapter(source, { workId: work.id, title: '第1话' });
    await buildComicPages(source, media, chapter.id, { count: 2, width: 200, height: 300 });
    workIds.push(work.id);
  }
  const user = await source
    .insertInto('users')
    .values({
      nickname: 'reader',
      is_guest: 0,
      uuid: 'copy-test-reader',
      invite_code: 'COPYTEST',
      coins: 120,
      created_time: 1_700_000_000,
      updated_time: 1_700_000_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await source
    .insertInto('favorites')
    .values({ user_id: user.id, work_id: workIds[1]!, type: 0, added_time: 1_700_000_100 })
    .execute();
  await source.destroy();

  schema = `copy_${randomBytes(6).toString('hex')}`;
  await admin(`create schema "${schema}"`);
  target = createDatabase({ databaseUrl: POSTGRES_URL, sqlitePath: '' }, { pgSchema: schema });
  await migrateToLatest(target);
  s3 = await startS3rver();
  s3Media = new S3MediaStore(s3.store());
});

afterAll(async () => {
  await target?.destroy();
  await admin(`drop schema if exists "${schema}" cascade`);
  s3Media?.close();
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

function sqliteRows(table: string): unknown[] {
  const db = new BetterSqlite3(sqlitePath, { readonly: true });
  try {
    return db.prepare(`select * from "${table}" order by 1`).all();
  } finally {
    db.close();
  }
}

async function postgresRows(table: string): Promise<unknown[]> {
  const { rows } = await sql<unknown>`select * from ${sql.table(table)} order by 1`.execute(target);
  return rows;
}

describe('copying an embedded install to PostgreSQL and S3', () => {
  it('copies every shared table row for row, and new ids continue after the copied ones', async () => {
    const heard: string[] = [];
    const result = await copySqliteToPostgres(sqlitePath, target as never, (copy) => heard.push(copy.table));
    expect(heard).toEqual(result.tables.map((t) => t.table));
    // Parents before children: a work before its chapters, a chapter before its pages.
    expect(heard.indexOf('works')).toBeLessThan(heard.indexOf('chapters'));
    expect(heard.indexOf('chapters')).toBeLessThan(heard.indexOf('pages'));
    // What only SQLite has is named, not silently dropped.
    expect(result.skipped).toContain('search_fts');

    for (const table of ['works', 'chapters', 'pages', 'users', 'favorites', 'categories', 'work_tags']) {
      expect(await postgresRows(table), table).toEqual(sqliteRows(table));
    }
    for (const { table, rows } of result.tables) {
      expect(rows, table).toBe(sqliteRows(table).length);
    }

    const next = await target
      .insertInto('works')
      .values({
        title: '新作',
        type: 0,
        source_key: 'copy-test/new-work',
        created_time: 1,
        updated_time: 1,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(Math.max(...workIds) + 1);
  });

  it('refuses a target that already has users or works, and leaves it as it was', async () => {
    const before = await postgresRows('works');
    await expect(copySqliteToPostgres(sqlitePath, target as never)).rejects.toThrow(CopyRefusedError);
    await expect(copySqliteToPostgres(sqlitePath, target as never)).rejects.toThrow(/already has \d+ users/);
    expect(await postgresRows('works')).toEqual(before);
  });

  it('copies every media object byte for byte; a second run finds them all there', async () => {
    const keys: string[] = [];
    for await (const key of localMedia.keys()) keys.push(key);
    expect(keys.length).toBe(2 + 2 * 2); // two covers, two pages in each of two chapters

    const first = await copyMedia(localMedia, s3Media);
    expect(first).toMatchObject({ copied: keys.length, alreadyThere: 0 });
    for (const key of keys) expect(await s3Media.get(key)).toEqual(await localMedia.get(key));

    const again = await copyMedia(localMedia, s3Media);
    expect(again).toEqual({ copied: 0, alreadyThere: keys.length, bytes: 0 });
  });
});
