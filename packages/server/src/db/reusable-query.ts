/**
 * Queries of the hot calls, built and compiled once. Kysely builds an operation tree and compiles
 * it to SQL on every run; for a session lookup or a chapter's pages that costs more JavaScript
 * than the indexed lookup itself costs SQLite. A reusable query is built once with slot markers
 * in place of its arguments, compiled once for the database's dialect, and each run only binds the
 * new values in the slots' places (the SQL text stays the same, so SQLite's statement cache sees the
 * very same statement, and PostgreSQL gets it as a named statement it parses once per connection:
 * db/prepared-statements.ts). Values are still bound parameters, never text.
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Database } from './database.js';
import { registerPreparedStatement } from './prepared-statements.js';

const SLOT_PREFIX = '\u0000reusable-query-slot:';

/** A placeholder for argument `index` while the query is built (any column type accepts it). */
type Slot = never;

export interface ReusableQuery<A extends readonly unknown[], R> {
  /** The query's rows with `args` bound in their slots. */
  (...args: A): Promise<QueryResult<R>>;
}

/**
 * `db` gives the database (a repository's own, read when the query runs); `build` receives one slot per argument and must use each as a whole value (no arithmetic on
 * it, no array built from it at run time): e.g. `(hash) => db.selectFrom(...).where('h', '=', hash)`.
 */
export function reusableQuery<A extends readonly unknown[], R>(
  db: () => Database,
  arity: A['length'],
  build: (...slots: Slot[]) => Compilable<R>,
): ReusableQuery<A, R> {
  let compiled: { query: CompiledQuery<R>; bindings: ((args: A) => unknown)[] } | null = null;
  const compile = () => {
    const slots = Array.from({ length: arity }, (_, index) => `${SLOT_PREFIX}${index}` as Slot);
    const query = build(...slots).compile();
    const used = new Set<number>();
    const bindings = query.parameters.map((value): ((args: A) => unknown) => {
      if (typeof value === 'string' && value.startsWith(SLOT_PREFIX)) {
        const index = Number(value.slice(SLOT_PREFIX.length));
        used.add(index);
        return (args) => args[index];
      }
      return () => value; // a constant of the query itself (e.g. `published = 1`)
    });
    if (used.size !== arity) throw new Error(`reusable query uses ${used.size} of its ${arity} arguments`);
    // The text never changes: PostgreSQL connections send it as a named statement (prepared-statements.ts).
    registerPreparedStatement(query.sql);
    return { query, bindings };
  };
  return (...args: A) => {
    compiled ??= compile();
    const { query, bindings } = compiled;
    return db().executeQuery<R>({ ...query, parameters: bindings.map((bind) => bind(args)) });
  };
}
