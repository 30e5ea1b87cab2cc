/**
 * `chapters.matter`: what a book holds around its chapters. '' for a chapter; 'front' for the
 * cover, title page, contents, copyright or a Project Gutenberg header before the text; 'back'
 * for a colophon or licence after it. Front and back matter keep their place in the reading order
 * (sort_order) but are not chapters: they carry no chapter number, are not counted in the work's
 * chapter_count, are always free and do not use up the free preview ("3 free chapters" are three
 * real ones). Set by the importer from the EPUB's own semantics (see novels/front-matter.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chapters')
    .addColumn('matter', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chapters').dropColumn('matter').execute();
}
