/**
 * Library folders managed in the console. Until now a folder was a row of import_libraries the
 * importer wrote on first sight (LIBRARY_DIR, the CLI's, the demo): adding one meant the CLI or a
 * restart. A folder the console adds is a row with `console` 1; its content kind (`kind`: comic,
 * novel, anime, or null when the layout says) and live watching (`watch`) are kept here, so every
 * instance of a cluster sees the same list. Removing a folder sets `removed_time` rather than
 * deleting the row: its works (when kept) still name its files by the row's id, and adding the
 * same path again takes the row back.
 *
 * `leases`: a named lease one instance holds at a time (the folder watcher runs on one instance,
 * not on each), taken over when its holder stops renewing it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_libraries').addColumn('kind', 'varchar(16)').execute();
  await db.schema
    .alterTable('import_libraries')
    .addColumn('watch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('import_libraries')
    .addColumn('console', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('import_libraries').addColumn('removed_time', 'bigint').execute();
  await db.schema
    .createTable('leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(255)', (c) => c.notNull())
    .addColumn('expires_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leases').ifExists().execute();
  await db.schema.alterTable('import_libraries').dropColumn('removed_time').execute();
  await db.schema.alterTable('import_libraries').dropColumn('console').execute();
  await db.schema.alterTable('import_libraries').dropColumn('watch').execute();
  await db.schema.alterTable('import_libraries').dropColumn('kind').execute();
}
