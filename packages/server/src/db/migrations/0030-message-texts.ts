/**
 * Messages the server writes itself (a feedback reply, a refund) are read in the reader's
 * language, not the server's: `title_key` names the text (the app's `serverText.<key>`) and
 * `params` (JSON) fills it; `title` keeps an English rendering for the console and old clients.
 * Operator broadcasts and other free text keep `title_key` '' and are shown as written.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('title_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('params', 'varchar(1000)', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('params').execute();
  await db.schema.alterTable('messages').dropColumn('title_key').execute();
}
