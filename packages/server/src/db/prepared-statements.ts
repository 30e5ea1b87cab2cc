/**
 * Named PostgreSQL statements for the hot calls. Kysely sends every query unnamed, so PostgreSQL
 * parses, analyses and plans it again on every run; for the statements every reader call makes
 * (the session lookup, the reader's state of a work, a history or shelf page) that was more than
 * half of the database's work. A hot statement is sent named instead: each connection parses it
 * once and then only binds and executes it (PostgreSQL keeps a custom plan or moves to a generic
 * one by itself).
 *
 * Hot means: a fixed text of db/reusable-query.ts (named from its first run), or a data statement
 * whose exact text came PROMOTE_AFTER times. At most MAX_NAMED texts are named per process, so a
 * connection holds a bounded set however many ad-hoc texts (lists of ids, say) pass through.
 * A pooler in transaction mode that does not track statements (PgBouncer before 1.21, or without
 * max_prepared_statements) cannot serve them: DB_PREPARED_STATEMENTS=off sends every query unnamed.
 */
import type pg from 'pg';

/** Runs of the same text before it is named: once a call has repeated it, it will again. */
const PROMOTE_AFTER = 20;
/** Named texts per process: a hot set is a few dozen; each costs every connection a parsed plan. */
export const MAX_NAMED = 128;
/** Texts counted towards promotion at once; the count starts over when it is full. */
const MAX_COUNTED = 4_096;
/** Only data statements are named: transaction control and settings go as they came. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();
const seen = new Map<string, number>();

function nameNext(sql: string): string {
  const name = `dm51_hot_${names.size + 1}`;
  names.set(sql, name);
  seen.delete(sql);
  return name;
}

/** Marks `sql` as a fixed hot statement: PostgreSQL connections send it named from its first run. */
export function registerPreparedStatement(sql: string): void {
  if (!names.has(sql) && names.size < MAX_NAMED) nameNext(sql);
}

/** The name `sql` goes under, counting this run towards its promotion; undefined: sent unnamed. */
export function preparedStatementName(sql: string): string | undefined {
  const name = names.get(sql);
  if (name || names.size >= MAX_NAMED || !DATA_STATEMENT.test(sql)) return name;
  const runs = (seen.get(sql) ?? 0) + 1;
  if (runs >= PROMOTE_AFTER) return nameNext(sql);
  if (seen.size >= MAX_COUNTED) seen.clear();
  seen.set(sql, runs);
  return undefined;
}

/**
 * PostgreSQL refuses a statement prepared before its table changed shape under it ("cached plan
 * must not change result type": a newer instance's migration while this one runs). Nothing ran,
 * so the same call is sent again unnamed, and that connection names nothing from then on.
 */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000';
}

/** Makes `client` send hot statements named (called once per new pool connection). */
export function sendHotStatementsNamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let naming = true;
  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args;
    const plain =
      typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values));
    const name = naming && plain ? preparedStatementName(text) : undefined;
    if (!name) return query(...args);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      naming = false;
      return query(text, values);
    });
  }) as typeof client.query;
}
