/** What the OPDS feeds and downloads need of works beyond the app's cards: summaries, covers, language, ComicInfo facts. */
import type { Database } from '../db/database.js';

export interface WorkExtras {
  summary: string;
  cover_key: string;
  language: string;
}

/** A comic chapter's facts for the ComicInfo.xml of its CBZ. Times are Unix seconds. */
export interface ComicFacts {
  series: string;
  summary: string;
  language: string;
  rtl: boolean;
  workUpdated: number;
  title: string;
  number: string;
  volume: string;
  sortOrder: number;
  chapterUpdated: number;
  /** In the work's credit order; role as stored (writer, penciller, cover, author, …). */
  authors: { name: string; role: string }[];
  tags: string[];
}

export class OpdsRepository {
  constructor(private readonly db: Database) {}

  async extras(ids: number[]): Promise<Map<number, WorkExtras>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('works')
      .select(['id', 'summary', 'cover_key', 'language'])
      .where('id', 'in', ids)
      .where('published', '=', 1)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async comicFacts(chapterId: number): Promise<ComicFacts | null> {
    const row = await this.db
      .selectFrom('chapters')
      .innerJoin('works', 'works.id', 'chapters.work_id')
      .select([
        'works.id as work_id',
        'works.title as series',
        'works.summary',
        'works.language',
        'works.rtl',
        'works.updated_time as work_updated',
        'chapters.title',
        'chapters.number',
        'chapters.volume',
        'chapters.sort_order',
        'chapters.updated_time as chapter_updated',
      ])
      .where('chapters.id', '=', chapterId)
      .executeTakeFirst();
    if (!row) return null;
    const [authors, tags] = await Promise.all([
      this.db
        .selectFrom('work_authors')
        .innerJoin('authors', 'authors.id', 'work_authors.author_id')
        .select(['authors.name', 'work_authors.role'])
        .where('work_authors.work_id', '=', row.work_id)
        .orderBy('work_authors.position')
        .orderBy('authors.id')
        .execute(),
      this.db
        .selectFrom('work_tags')
        .innerJoin('tags', 'tags.id', 'work_tags.tag_id')
        .select('tags.name')
        .where('work_tags.work_id', '=', row.work_id)
        .orderBy('tags.name')
        .execute(),
    ]);
    return {
      series: row.series,
      summary: row.summary,
      language: row.language,
      rtl: Number(row.rtl) === 1,
      workUpdated: Number(row.work_updated),
      title: row.title,
      number: row.number,
      volume: row.volume,
      sortOrder: Number(row.sort_order),
      chapterUpdated: Number(row.chapter_updated),
      authors: authors.map((author) => ({ name: author.name, role: author.role })),
      tags: tags.map((tag) => tag.name),
    };
  }

  /**
   * Where a novel's chapters came from: its library files (with what the importer remembered of
   * each, library_files.meta) and each chapter's source file, for serving an original EPUB.
   */
  async bookSources(workId: number): Promise<{
    files: { path: string; kind: string; meta: string }[];
    chapters: { id: number; source_path: string }[];
  }> {
    const [files, chapters] = await Promise.all([
      this.db
        .selectFrom('library_files')
        .select(['path', 'kind', 'meta'])
        .where('work_id', '=', workId)
        .where('status', '=', 'ok')
        .where('kind', '!=', 'work-folder')
        .orderBy('path')
        .execute(),
      this.db.selectFrom('chapters').select(['id', 'source_path']).where('work_id', '=', workId).execute(),
    ]);
    return { files, chapters };
  }
}
