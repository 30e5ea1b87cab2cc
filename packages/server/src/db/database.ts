/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. Both speak the
 * same Kysely query builder, so repositories and migrations are written once.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DB } from './schema.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { sendHotStatementsNamed } from './prepared-statements.js';
import { SqliteImmediateDialect } from './sqlite-immediate-dialect.js';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /**
   * PostgreSQL only: the schema every connection uses (search_path). Tests give each app its own
   * schema so suites can run in parallel on one database.
   */
  pgSchema?: string;
}

const PG_INT8_OID = 20;

/** The pg pool behind each PostgreSQL database (read by the metrics' pool gauges). */
const pools = new WeakMap<Database, pg.Pool>();

/** The PostgreSQL pool of `db`, or null for SQLite (one connection, no pool). */
export function pgPoolOf(db: Database): pg.Pool | null {
  return pools.get(db) ?? null;
}

/**
 * The pool when no pool settings are given: unit tests, and the connections opened beside the
 * server's (the import worker, the CLI), which still follow DB_PREPARED_STATEMENTS=off from the
 * environment they share, so a pooler that cannot keep named statements never gets one.
 */
const defaultPool = () => ({
  max: 20,
  connectTimeoutMs: 5_000,
  preparedStatements: process.env['DB_PREPARED_STATEMENTS'] !== 'off',
});

export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'sqlitePath' | 'dbPool'>,
  options: DatabaseOptions = {},
): Database {
  if (config.databaseUrl) {
    const { max, connectTimeoutMs, preparedStatements } = config.dbPool ?? defaultPool();
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max,
      // Without a limit a request waits forever for a connection when PostgreSQL is down or the
      // pool is exhausted; with one it fails, and the error handler answers 503 SERVICE_UNAVAILABLE.
      connectionTimeoutMillis: connectTimeoutMs,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
      // count(*) and bigint come back as strings by default; our integers fit in a JS number.
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === PG_INT8_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format as never)) as never,
      },
    });
    // A connection that PostgreSQL closes (a restart, a failover, an administrator) reports an
    // 'error' event: on the pool while idle, on the client itself while checked out (between the
    // queries of a transaction). Without a listener Node treats it as unhandled and the whole
    // server exits; with one, the query in flight fails (answered 503) and the pool replaces it.
    const reportLost = (error: Error) => {
      process.stderr.write(`database: a connection was lost (${error.message}); it is replaced on demand\n`);
    };
    pool.on('error', reportLost);
    pool.on('connect', (client) => {
      client.on('error', reportLost);
      if (preparedStatements) sendHotStatementsNamed(client);
    });
    const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }), ...slowQueryLog() });
    pools.set(db, pool);
    return db;
  }
  mkdirSync(dirname(config.sqlitePath), { recursive: true });
  const sqlite = new SqliteDatabase(config.sqlitePath);
  // WAL lets readers run beside the writer; busy_timeout waits instead of failing under contention.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Hot pages from memory: a 64 MiB page cache and the file mapped instead of read().
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  return new Kysely<DB>({
    dialect: new SqliteImmediateDialect({ database: withStatementCache(sqlite) }),
    ...slowQueryLog(),
  });
}

/** How many prepared statements the SQLite connection keeps (the app has a few hundred queries). */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely prepares every query anew, and preparing costs as much as running an indexed lookup. The
 * app's SQL texts repeat (parameters are bound), so statements are kept by text. Reuse is safe
 * because Kysely runs one query at a time on the single SQLite connection.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * DB_SLOW_QUERY_MS=n logs every query slower than n ms to stderr with its SQL (not its
 * parameters, which may hold personal data): how to find what a slow call spends its time on.
 */
function slowQueryLog(): { log?: (event: LogEvent) => void } {
  const threshold = Number(process.env['DB_SLOW_QUERY_MS'] ?? '');
  if (!Number.isFinite(threshold) || threshold <= 0) return {};
  return {
    log(event) {
      if (event.queryDurationMillis >= threshold) {
        process.stderr.write(`slow query ${event.queryDurationMillis.toFixed(2)} ms: ${event.query.sql}\n`);
      }
    },
  };
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

/**
 * The database cannot be reached right now (refused or dropped connections, PostgreSQL shutting
 * down or starting, no pool connection in time): the request may succeed if retried shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Connection refused/reset and PostgreSQL's class 08 (connection) and 57P0x (shutdown, crash).
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'].includes(code)) return true;
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

/**
 * PostgreSQL refused a value the client sent (a NUL or invalid UTF-8 in text, a number out of a
 * column's range, text that is not a number): bad input that slipped past validation, not a
 * server fault. SQLite stores such values as they are, so only PostgreSQL's class-22 codes.
 */
export function isDatabaseInputError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && ['22021', '22P02', '22P05', '22003', '22001', '22007', '22008'].includes(code)
  );
}

/** A unique or primary-key constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
