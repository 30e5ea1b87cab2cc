/**
 * A database of its own for a benchmark: a temp SQLite file, or, when DATABASE_URL is a postgres://
 * URL, a fresh PostgreSQL database created here and dropped at the end. `connect()` opens a handle
 * for the bench's own work; `env` is what a server started on the same storage needs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../packages/server/src/db/database.js';

export interface BenchStorage {
  connect(): Database;
  env: Record<string, string>;
  kind: 'SQLite' | 'PostgreSQL';
  drop(): Promise<void>;
}

/** `url`: a postgres:// URL to create the database under (DATABASE_URL when not given). */
export async function prepareStorage(
  label: string,
  url: string | undefined = process.env['DATABASE_URL'],
): Promise<BenchStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), `dm51-bench-${label}-`));
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    return {
      connect: () => createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') }),
      env: { DATA_DIR: dataDir },
      kind: 'SQLite',
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const name = `dm51_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    connect: () => createDatabase({ databaseUrl: target.toString(), sqlitePath: '' }),
    env: { DATA_DIR: dataDir, DATABASE_URL: target.toString() },
    kind: 'PostgreSQL',
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
