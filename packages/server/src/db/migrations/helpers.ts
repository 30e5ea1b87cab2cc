/**
 * The few places where SQLite and PostgreSQL need different DDL. Everything else in a migration is
 * the plain Kysely schema builder, which both dialects understand.
 */
import { SqliteAdapter, type ColumnDefinitionBuilder } from 'kysely';

/** Any Kysely instance, whatever its table types (migrations run on an untyped one). */
interface HasAdapter {
  getExecutor(): { adapter: unknown };
}

export function isSqlite(db: HasAdapter): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An auto-incrementing integer primary key: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function idColumn(db: HasAdapter) {
  return (column: ColumnDefinitionBuilder) =>
    isSqlite(db) ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}
