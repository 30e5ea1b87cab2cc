/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. Both speak the
 * same Kysely query builder, so repositories and migrations are written once.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /**
   * PostgreSQL only: the schema every connection uses (search_path). Tests give each app its own
   * schema so suites can run in parallel on one database.
   */
  pgSchema?: string;
}

const PG_INT8_OID = 20;

export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'sqlitePath'>,
  options: DatabaseOptions = {},
): Database {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
      // count(*) and bigint come back as strings by default; our integers fit in a JS number.
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === PG_INT8_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format as never)) as never,
      },
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(dirname(config.sqlitePath), { recursive: true });
  const sqlite = new SqliteDatabase(config.sqlitePath);
  // WAL lets readers run beside the writer; busy_timeout waits instead of failing under contention.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** True when the database answers a trivial query (used by /healthz). */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** A unique or primary-key constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
