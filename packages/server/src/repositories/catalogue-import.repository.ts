/**
 * The importer's writes to the catalogue (works, chapters, pages, novel text, videos, authors,
 * tags, categories, media objects, library files). Every method runs on whatever executor the
 * repository was made with, so `transaction()` hands the same methods a transaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { authorKey, spellingRank } from '../import/author-names.js';
import type { AuthorCredit, ImportKind, PreparedChapter, WrittenMedia } from '../import/import-types.js';

export interface LibraryFileRecord {
  path: string;
  kind: string;
  size: number;
  mtime_ms: number;
  work_id: number | null;
  chapter_id: number | null;
  status: string;
  reason: string;
  meta: string;
  /** KOReader's document ids (partial MD5, file name MD5); kept as they are when absent. */
  partial_md5?: string;
  name_md5?: string;
}

export interface ChapterOrderRow {
  id: number;
  sort_order: number;
  number: string;
  volume: string;
  title: string;
  source_path: string;
  page_count: number;
  pay: number;
  updated_time: number;
  /** '' a chapter, 'front' / 'back' matter (not counted, always free). */
  matter: string;
}

export interface WorkRecord {
  id: number;
  type: number;
  source_key: string;
  title: string;
}

export interface WorkUpdate {
  title: string;
  alt_titles: string;
  summary: string;
  cover_key: string;
  cover_width: number;
  cover_height: number;
  is_end: number;
  pay: number;
  chapter_price: number;
  score_x10: number;
  language: string;
  rtl: number;
  age_rating: string;
  chapter_count: number;
  latest_chapter_title: string;
  updated_time: number;
}

export interface WorkReportRow {
  kind: ImportKind;
  title: string;
  sourceKey: string;
  authors: string[];
  language: string;
  rtl: boolean;
  chapters: { number: string; volume: string; title: string; pages: number }[];
}

const KIND_BY_TYPE: Record<number, ImportKind> = { 0: 'comic', 1: 'novel', 2: 'anime' };

const clip = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);

export class CatalogueImportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: CatalogueImportRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx: Transaction<DB>) => work(new CatalogueImportRepository(trx)));
  }

  // ---- library files -------------------------------------------------------------------------

  /** Every remembered file of one library (paths start with `<libraryId>/`). */
  async libraryFiles(prefix: string): Promise<LibraryFileRecord[]> {
    return this.db
      .selectFrom('library_files')
      .select([
        'path',
        'kind',
        'size',
        'mtime_ms',
        'work_id',
        'chapter_id',
        'status',
        'reason',
        'meta',
        'partial_md5',
      ])
      .where('path', 'like', `${prefix}%`)
      .execute();
  }

  /** Makes every remembered file of one library look changed, so the next run reads it again. */
  async forgetFingerprints(prefix: string): Promise<void> {
    await this.db
      .updateTable('library_files')
      .set({ mtime_ms: -1 })
      .where('path', 'like', `${prefix}%`)
      .execute();
  }

  async libraryFile(path: string): Promise<LibraryFileRecord | undefined> {
    return this.db
      .selectFrom('library_files')
      .select(['path', 'kind', 'size', 'mtime_ms', 'work_id', 'chapter_id', 'status', 'reason', 'meta'])
      .where('path', '=', path)
      .executeTakeFirst();
  }

  async filesOfWork(workId: number): Promise<LibraryFileRecord[]> {
    return this.db
      .selectFrom('library_files')
      .select(['path', 'kind', 'size', 'mtime_ms', 'work_id', 'chapter_id', 'status', 'reason', 'meta'])
      .where('work_id', '=', workId)
      .where('status', '=', 'ok')
      .execute();
  }

  async saveLibraryFile(record: LibraryFileRecord, now: number): Promise<void> {
    const values = { ...record, reason: clip(record.reason, 2000), scanned_time: now };
    await this.db
      .insertInto('library_files')
      .values(values)
      .onConflict((oc) =>
        oc.column('path').doUpdateSet({
          kind: values.kind,
          size: values.size,
          mtime_ms: values.mtime_ms,
          work_id: values.work_id,
          chapter_id: values.chapter_id,
          status: values.status,
          reason: values.reason,
          meta: values.meta,
          scanned_time: now,
          ...(values.partial_md5 !== undefined ? { partial_md5: values.partial_md5 } : {}),
          ...(values.name_md5 !== undefined ? { name_md5: values.name_md5 } : {}),
        }),
      )
      .execute();
  }

  /** KOReader's ids of a file imported before they were taken (kosync/document-id.ts). */
  async setDocumentIds(path: string, partialMd5: string, nameMd5: string): Promise<void> {
    await this.db
      .updateTable('library_files')
      .set({ partial_md5: partialMd5, name_md5: nameMd5 })
      .where('path', '=', path)
      .execute();
  }

  async deleteLibraryFile(path: string): Promise<void> {
    await this.db.deleteFrom('library_files').where('path', '=', path).execute();
  }

  // ---- works ---------------------------------------------------------------------------------

  async findWork(sourceKey: string): Promise<WorkRecord | undefined> {
    return this.db
      .selectFrom('works')
      .select(['id', 'type', 'source_key', 'title'])
      .where('source_key', '=', sourceKey)
      .executeTakeFirst();
  }

  async workById(id: number): Promise<WorkRecord | undefined> {
    return this.db
      .selectFrom('works')
      .select(['id', 'type', 'source_key', 'title'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async createWork(type: number, sourceKey: string, title: string, now: number): Promise<WorkRecord> {
    return this.db
      .insertInto('works')
      .values({ type, source_key: sourceKey, title: clip(title, 255), created_time: now, updated_time: now })
      .returning(['id', 'type', 'source_key', 'title'])
      .executeTakeFirstOrThrow();
  }

  async updateWork(id: number, update: WorkUpdate): Promise<void> {
    await this.db.updateTable('works').set(update).where('id', '=', id).execute();
  }

  async deleteWork(id: number): Promise<void> {
    await this.db.deleteFrom('works').where('id', '=', id).execute();
  }

  async setWorkAuthors(workId: number, authors: AuthorCredit[]): Promise<void> {
    await this.db.deleteFrom('work_authors').where('work_id', '=', workId).execute();
    for (const [position, author] of authors.entries()) {
      const name = clip(author.name.trim(), 255);
      const id = (await this.authorIdFor(name)) ?? (await this.insertAuthor(name));
      await this.db
        .insertInto('work_authors')
        .values({ work_id: workId, author_id: id, role: clip(author.role, 32), position })
        .onConflict((oc) => oc.columns(['work_id', 'author_id', 'role']).doNothing())
        .execute();
    }
  }

  /**
   * The author already in the catalogue under this name or another spelling of it ("Wally Wood"
   * for "wally wood"; see authorKey). The row takes the better-written spelling (spellingRank),
   * so every work shows the person the same way.
   */
  private async authorIdFor(name: string): Promise<number | null> {
    const exact = await this.db
      .selectFrom('authors')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    if (exact) return exact.id;
    const spelling = await this.db
      .selectFrom('authors')
      .select(['id', 'name'])
      .where(sql<string>`replace(replace(lower(name), ' ', ''), '.', '')`, '=', authorKey(name))
      .orderBy('id')
      .executeTakeFirst();
    if (!spelling) return null;
    if (spellingRank(name) > spellingRank(spelling.name)) {
      await this.db.updateTable('authors').set({ name }).where('id', '=', spelling.id).execute();
    }
    return spelling.id;
  }

  private async insertAuthor(name: string): Promise<number> {
    await this.db
      .insertInto('authors')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const { id } = await this.db
      .selectFrom('authors')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return id;
  }

  async setWorkTags(workId: number, tags: string[]): Promise<void> {
    await this.db.deleteFrom('work_tags').where('work_id', '=', workId).execute();
    for (const tag of tags) {
      const name = clip(tag, 64);
      await this.db
        .insertInto('tags')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const { id } = await this.db
        .selectFrom('tags')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      await this.db
        .insertInto('work_tags')
        .values({ work_id: workId, tag_id: id })
        .onConflict((oc) => oc.columns(['work_id', 'tag_id']).doNothing())
        .execute();
    }
  }

  async setWorkCategories(
    workId: number,
    type: number,
    categories: { name: string; sort: number }[],
  ): Promise<void> {
    await this.db.deleteFrom('work_categories').where('work_id', '=', workId).execute();
    for (const category of categories) {
      await this.db
        .insertInto('categories')
        .values({ type, name: category.name, sort: category.sort })
        .onConflict((oc) => oc.columns(['type', 'name']).doNothing())
        .execute();
      const { id } = await this.db
        .selectFrom('categories')
        .select('id')
        .where('type', '=', type)
        .where('name', '=', category.name)
        .executeTakeFirstOrThrow();
      await this.db
        .insertInto('work_categories')
        .values({ work_id: workId, category_id: id })
        .onConflict((oc) => oc.columns(['work_id', 'category_id']).doNothing())
        .execute();
    }
  }

  // ---- chapters ------------------------------------------------------------------------------

  async chaptersOfWork(workId: number): Promise<ChapterOrderRow[]> {
    return this.db
      .selectFrom('chapters')
      .select([
        'id',
        'sort_order',
        'number',
        'volume',
        'title',
        'source_path',
        'page_count',
        'pay',
        'updated_time',
        'matter',
      ])
      .where('work_id', '=', workId)
      .execute();
  }

  async setSortOrder(chapterId: number, sortOrder: number): Promise<void> {
    await this.db
      .updateTable('chapters')
      .set({ sort_order: sortOrder })
      .where('id', '=', chapterId)
      .execute();
  }

  /**
   * Deletes chapters whose file (or whose part of a file) left the library. A reader whose place
   * was in one of them keeps the work in their history, moved to the chapter before it that is
   * left (else the first one), from its start; only a work that loses every chapter leaves
   * histories (and shelves) with it.
   */
  async deleteChapters(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.keepHistoryOff(ids);
    await this.db.deleteFrom('chapters').where('id', 'in', ids).execute();
  }

  private async keepHistoryOff(ids: number[]): Promise<void> {
    const places = await this.db
      .selectFrom('reading_history')
      .select(['user_id', 'work_id', 'chapter_id'])
      .where('chapter_id', 'in', ids)
      .execute();
    if (places.length === 0) return;
    const removed = new Set(ids);
    const byWork = new Map<number, { id: number; sort_order: number }[]>();
    for (const place of places) {
      let chapters = byWork.get(place.work_id);
      if (!chapters) {
        chapters = await this.db
          .selectFrom('chapters')
          .select(['id', 'sort_order'])
          .where('work_id', '=', place.work_id)
          .orderBy('sort_order')
          .orderBy('id')
          .execute();
        byWork.set(place.work_id, chapters);
      }
      const left = chapters.filter((c) => !removed.has(c.id));
      if (left.length === 0) continue;
      const order = chapters.find((c) => c.id === place.chapter_id)?.sort_order ?? 0;
      const target = left.filter((c) => c.sort_order <= order).at(-1) ?? left[0]!;
      await this.db
        .updateTable('reading_history')
        .set({ chapter_id: target.id, page_index: 0, position: 0, percent: 0 })
        .where('user_id', '=', place.user_id)
        .where('work_id', '=', place.work_id)
        .execute();
    }
  }

  /** Inserts or replaces one chapter and everything it owns (its pay is the work's business); returns its id. */
  async writeChapter(
    workId: number,
    existingId: number | null,
    chapter: PreparedChapter,
    fingerprint: string,
    now: number,
  ): Promise<number> {
    const fields = {
      number: clip(chapter.number, 32),
      volume: clip(chapter.volume, 32),
      title: clip(chapter.title, 255),
      page_count: chapter.pages.length,
      word_count: chapter.novel?.wordCount ?? 0,
      duration_s: chapter.durationS,
      matter: chapter.matter ?? '',
      source_fingerprint: clip(fingerprint, 128),
      updated_time: now,
    };
    let id: number;
    if (existingId !== null) {
      id = existingId;
      await this.db.updateTable('chapters').set(fields).where('id', '=', id).execute();
      await this.db.deleteFrom('pages').where('chapter_id', '=', id).execute();
      await this.db.deleteFrom('novel_texts').where('chapter_id', '=', id).execute();
      await this.db.deleteFrom('videos').where('chapter_id', '=', id).execute();
      await this.db.deleteFrom('chapter_media').where('chapter_id', '=', id).execute();
    } else {
      // Placed last for now; the work's re-sort right after gives it its real, dense position.
      ({ id } = await this.db
        .insertInto('chapters')
        .values({
          ...fields,
          work_id: workId,
          sort_order: 1_000_000_000,
          source_path: clip(chapter.sourcePath, 1024),
          created_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const pages = chapter.pages.map((p) => ({
      chapter_id: id,
      page_index: p.index,
      media_key: p.key,
      width: p.width,
      height: p.height,
      bytes: p.bytes,
    }));
    for (let i = 0; i < pages.length; i += 200) {
      await this.db
        .insertInto('pages')
        .values(pages.slice(i, i + 200))
        .execute();
    }
    if (chapter.novel) {
      await this.db
        .insertInto('novel_texts')
        .values({ chapter_id: id, html: chapter.novel.html, text: chapter.novel.text })
        .execute();
    }
    if (chapter.video) {
      const v = chapter.video;
      await this.db
        .insertInto('videos')
        .values({
          chapter_id: id,
          source_path: clip(v.sourcePath, 1024),
          container: clip(v.container, 32),
          duration_ms: v.durationMs,
          width: v.width,
          height: v.height,
          video_codec: clip(v.videoCodec, 32),
          audio_codecs: JSON.stringify(v.audioCodecs),
          subtitles: JSON.stringify(v.subtitles),
          poster_key: v.posterKey,
        })
        .execute();
    }
    const extra = [...new Set(chapter.extraMedia)];
    if (extra.length > 0) {
      await this.db
        .insertInto('chapter_media')
        .values(extra.map((media_key) => ({ chapter_id: id, media_key })))
        .execute();
    }
    return id;
  }

  /** Sets each chapter's pay where it differs. */
  async setChapterPay(chapters: { id: number; pay: number; current: number }[]): Promise<void> {
    for (const chapter of chapters) {
      if (chapter.pay !== chapter.current) {
        await this.db
          .updateTable('chapters')
          .set({ pay: chapter.pay })
          .where('id', '=', chapter.id)
          .execute();
      }
    }
  }

  // ---- reporting ----------------------------------------------------------------------------

  /** How many works, chapters and pages one library has in the catalogue. */
  async libraryTotals(prefix: string): Promise<{ works: number; chapters: number; pages: number }> {
    const works = await this.db
      .selectFrom('works')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source_key', 'like', `${prefix}%`)
      .executeTakeFirst();
    const chapters = await this.db
      .selectFrom('chapters')
      .innerJoin('works', 'works.id', 'chapters.work_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('chapters.page_count').as('pages'),
      ])
      .where('works.source_key', 'like', `${prefix}%`)
      .executeTakeFirst();
    return {
      works: Number(works?.n ?? 0),
      chapters: Number(chapters?.n ?? 0),
      pages: Number(chapters?.pages ?? 0),
    };
  }

  /** What the summary says about each added or updated work, with its added or updated chapters. */
  async workReports(workIds: number[], chapterIds: number[]): Promise<WorkReportRow[]> {
    if (workIds.length === 0) return [];
    const works = await this.db
      .selectFrom('works')
      .select(['id', 'type', 'title', 'source_key', 'language', 'rtl'])
      .where('id', 'in', workIds)
      .orderBy('id')
      .execute();
    const wanted = new Set(chapterIds);
    const out: WorkReportRow[] = [];
    for (const work of works) {
      const authors = await this.db
        .selectFrom('work_authors')
        .innerJoin('authors', 'authors.id', 'work_authors.author_id')
        .select('authors.name')
        .where('work_authors.work_id', '=', work.id)
        .orderBy('work_authors.position')
        .execute();
      const chapters = await this.db
        .selectFrom('chapters')
        .select(['id', 'number', 'volume', 'title', 'page_count'])
        .where('work_id', '=', work.id)
        .orderBy('sort_order')
        .execute();
      out.push({
        kind: KIND_BY_TYPE[work.type] ?? 'comic',
        title: work.title,
        sourceKey: work.source_key,
        authors: [...new Set(authors.map((a) => a.name))],
        language: work.language,
        rtl: work.rtl === 1,
        chapters: chapters
          .filter((c) => wanted.has(c.id))
          .map((c) => ({ number: c.number, volume: c.volume, title: c.title, pages: c.page_count })),
      });
    }
    return out;
  }

  // ---- media ---------------------------------------------------------------------------------

  async recordMedia(media: WrittenMedia[], now: number): Promise<void> {
    const unique = [...new Map(media.map((m) => [m.key, m])).values()];
    for (let i = 0; i < unique.length; i += 200) {
      await this.db
        .insertInto('media_objects')
        .values(
          unique
            .slice(i, i + 200)
            .map((m) => ({ key: m.key, content_type: m.contentType, bytes: m.bytes, created_time: now })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  }

  /**
   * The covers and posters the catalogue points at: one or two per work, so all of them are read
   * at once (their columns have no index to ask by key).
   */
  async referencedCoverKeys(): Promise<Set<string>> {
    const keys = new Set<string>();
    const add = (rows: { key: string }[]) => rows.forEach((r) => r.key && keys.add(r.key));
    add(await this.db.selectFrom('works').select('cover_key as key').where('cover_key', '!=', '').execute());
    add(
      await this.db.selectFrom('videos').select('poster_key as key').where('poster_key', '!=', '').execute(),
    );
    return keys;
  }

  /**
   * Which of `keys` a page or a chapter's media names, asked through their key indexes: a large
   * catalogue has tens of millions of page keys, too many to read into memory at once.
   */
  async referencedPageKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const [pages, media] = await Promise.all([
      this.db
        .selectFrom('pages')
        .select('media_key as key')
        .distinct()
        .where('media_key', 'in', keys)
        .execute(),
      this.db
        .selectFrom('chapter_media')
        .select('media_key as key')
        .distinct()
        .where('media_key', 'in', keys)
        .execute(),
    ]);
    return new Set([...pages, ...media].map((r) => r.key));
  }

  /** The media_objects keys after `after` in key order, `limit` of them (a walk in pages). */
  async mediaObjectKeysAfter(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('media_objects')
      .select('key')
      .where('key', '>', after)
      .orderBy('key')
      .limit(limit)
      .execute();
    return rows.map((r) => r.key);
  }

  async deleteMediaObjects(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 500) {
      await this.db
        .deleteFrom('media_objects')
        .where('key', 'in', keys.slice(i, i + 500))
        .execute();
    }
  }
}
