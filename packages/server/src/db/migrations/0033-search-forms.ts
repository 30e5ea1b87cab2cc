/**
 * Search documents carry pinyin lines and fold traditional to simplified Chinese
 * (services/search-forms.ts). `forms_version` records which way a document was built, so a later
 * change of the forms rebuilds every document at the next check instead of needing a migration
 * that drops them (SearchRepository.staleWorkIds compares it with SEARCH_FORMS_VERSION). Existing
 * documents start at 0 and are rebuilt by the first search.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_documents')
    .addColumn('forms_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_documents').dropColumn('forms_version').execute();
}
