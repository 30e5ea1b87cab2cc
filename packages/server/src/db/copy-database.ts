/**
 * Moving an embedded install (SQLite) onto PostgreSQL for a scaled-out deployment: every
 * row of every table the two schemas share, in one PostgreSQL transaction, so the target is either
 * a complete copy or untouched. Both sides run the same migrations first, so their tables and
 * columns are the same; what only SQLite has (its full-text index, rebuilt on PostgreSQL from
 * search_documents) is left out.
 *
 * The target must be new: rows the migrations wrote (categories, plans, settings, the catalogue
 * version) are replaced by the source's, but a target that already has users or works is refused.
 */
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/** Tables the copy leaves alone: bookkeeping of the migrator, and markers the target's triggers write. */
const NOT_COPIED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  // "Something in the catalogue changed since the last search check": PostgreSQL's own triggers
  // add rows while works are inserted, and their ids would collide with copied ones.
  'search_changes',
]);

/** Tables whose rows mean the target is already in use. */
const MUST_BE_EMPTY = ['users', 'works'] as const;

/** PostgreSQL accepts at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 30_000;

export interface TableCopy {
  table: string;
  rows: number;
}

export interface DatabaseCopyResult {
  tables: TableCopy[];
  /** SQLite tables with no PostgreSQL counterpart (the SQLite full-text index). */
  skipped: string[];
}

export class CopyRefusedError extends Error {}

/** Tables of the target (current schema) and, for each, its columns and its identity column. */
async function targetTables(
  target: Kysely<unknown>,
): Promise<Map<string, { columns: Set<string>; identity: string | null }>> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_identity: string }>`
    select table_name, column_name, is_identity from information_schema.columns
    where table_schema = current_schema()`.execute(target);
  const tables = new Map<string, { columns: Set<string>; identity: string | null }>();
  for (const row of rows) {
    const entry = tables.get(row.table_name) ?? { columns: new Set<string>(), identity: null };
    entry.columns.add(row.column_name);
    if (row.is_identity === 'YES') entry.identity = row.column_name;
    tables.set(row.table_name, entry);
  }
  return tables;
}

/** `tables` ordered so that every table comes after the tables its foreign keys point at. */
async function parentsFirst(target: Kysely<unknown>, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(target);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new CopyRefusedError(`the foreign keys between ${left.join(', ')} form a cycle`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

function sqliteTables(source: BetterSqlite3.Database): string[] {
  return (
    source
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
}

/**
 * Copies every shared table from the SQLite file at `sqlitePath` (opened read-only) into `target`
 * (PostgreSQL, migrated to the same version). `onTable` hears each table as it is done.
 */
export async function copySqliteToPostgres(
  sqlitePath: string,
  target: Kysely<unknown>,
  onTable: (copy: TableCopy) => void = () => undefined,
): Promise<DatabaseCopyResult> {
  const source = new BetterSqlite3(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const shape = await targetTables(target);
    const skipped: string[] = [];
    const shared: string[] = [];
    for (const table of sqliteTables(source)) {
      if (NOT_COPIED.has(table)) continue;
      if (!shape.has(table)) skipped.push(table);
      else shared.push(table);
    }
    for (const table of MUST_BE_EMPTY) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        target,
      );
      if ((rows[0]?.n ?? 0) > 0) {
        throw new CopyRefusedError(
          `the target database already has ${rows[0]!.n} ${table}: copy into a new, empty database`,
        );
      }
    }
    const order = await parentsFirst(target, shared);
    const copied: TableCopy[] = [];
    await target.transaction().execute(async (tx) => {
      // Children first, so no foreign key stops a delete of what the migrations wrote.
      for (const table of [...order].reverse()) await tx.deleteFrom(table as never).execute();
      for (const table of order) {
        const copy = await copyTable(source, tx, table, shape.get(table)!.columns);
        copied.push(copy);
        onTable(copy);
      }
      // Identity columns continue after the copied ids, not from 1.
      for (const table of order) {
        const identity = shape.get(table)!.identity;
        if (!identity) continue;
        await sql`select setval(pg_get_serial_sequence(${table}, ${identity}),
                   coalesce((select max(${sql.ref(identity)}) from ${sql.table(table)}), 1),
                   (select count(*) > 0 from ${sql.table(table)}))`.execute(tx);
      }
    });
    return { tables: copied, skipped };
  } finally {
    source.close();
  }
}

async function copyTable(
  source: BetterSqlite3.Database,
  tx: Kysely<unknown>,
  table: string,
  targetColumns: Set<string>,
): Promise<TableCopy> {
  const columns = (source.prepare(`pragma table_info("${table}")`).all() as { name: string }[]).map(
    (column) => column.name,
  );
  const missing = columns.filter((column) => !targetColumns.has(column));
  if (missing.length > 0) {
    throw new CopyRefusedError(
      `table ${table}: the target has no column ${missing.join(', ')} (are both at the same version?)`,
    );
  }
  const batchSize = Math.max(1, Math.min(1_000, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length))));
  let batch: Record<string, unknown>[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx
      .insertInto(table as never)
      .values(batch as never)
      .execute();
    rows += batch.length;
    batch = [];
  };
  // The cursor stays open across the inserts' awaits; nothing else uses the source meanwhile.
  for (const row of source.prepare(`select * from "${table}"`).iterate() as Iterable<
    Record<string, unknown>
  >) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { table, rows };
}
