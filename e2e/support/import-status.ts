import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { executeClusterDb, queryClusterDb } from './cluster.js';
import type { RunningServer } from './server.js';

/** Rows of a read-only query on a running server's SQLite database (it keeps writing meanwhile). */
export function queryServerDb<T>(server: RunningServer, sqlText: string): T[] {
  if (server.databaseUrl) return queryClusterDb<T>(server.databaseUrl, sqlText);
  const db = new SqliteDatabase(join(server.dataDir, 'app.db'), { readonly: true, timeout: 5000 });
  try {
    return db.prepare(sqlText).all() as T[];
  } finally {
    db.close();
  }
}

/**
 * Runs one writing statement (plain SQL both engines accept) on the server's database: its SQLite
 * file, or the cluster's PostgreSQL. For set-up a user could not do through the app (ageing rows).
 */
export function executeServerDb(server: RunningServer, sqlText: string): void {
  if (server.databaseUrl) return executeClusterDb(server.databaseUrl, sqlText);
  const db = new SqliteDatabase(join(server.dataDir, 'app.db'), { timeout: 5000 });
  try {
    db.exec(sqlText);
  } finally {
    db.close();
  }
}

/**
 * Waits until the server's newest background import has ended ('done' or 'failed') and returns
 * that status, or '' when it is still running at the deadline. `eachSecond` runs between polls
 * (a test checks the server stays healthy meanwhile).
 */
export async function waitForImport(
  server: RunningServer,
  timeoutMs: number,
  eachSecond: () => Promise<void> = async () => undefined,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const runs = queryServerDb<{ status: string }>(
      server,
      'select status from import_runs order by id desc limit 1',
    );
    const status = runs[0]?.status ?? '';
    if (status === 'done' || status === 'failed') return status;
    await eachSecond();
    await new Promise((r) => setTimeout(r, 1000));
  }
  return '';
}
