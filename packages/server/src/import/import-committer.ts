/**
 * The database side of an import: each library file's changes in ONE transaction (its chapters,
 * pages, text, video rows, media records, its library_files row, and its work's derived columns),
 * so a crash leaves either the old state or the new one, never half of a chapter.
 */
import { PAY_VIP, WorkType } from '@dm51/shared';
import type {
  CatalogueImportRepository,
  ChapterOrderRow,
} from '../repositories/catalogue-import.repository.js';
import type { FileMeta, ImportKind, PayMode, PreparedFile } from './import-types.js';
import { categorySort, compareChapters, deriveWorkFields, readFileMeta } from './work-metadata.js';
import { titleFromWorkKey } from './work-naming.js';

export const WORK_TYPE: Record<ImportKind, number> = {
  comic: WorkType.COMIC,
  novel: WorkType.NOVEL,
  anime: WorkType.ANIME,
};
/** Coin and VIP works keep their first chapters free as a preview (pay 0). */
export const FREE_PREVIEW_CHAPTERS = 3;
/** chapters.pay of a paid work's chapters past the preview: 1 coin chapter, 2 VIP chapter. */
export const CHAPTER_PAY: Record<PayMode, number> = { free: 0, coins: 1, vip: PAY_VIP };

export interface CommitResult {
  workId: number;
  workCreated: boolean;
  /** Works that lost this file because it moved to another work. */
  otherWorks: { id: number; removed: boolean }[];
  added: { id: number; pages: number }[];
  updated: { id: number; pages: number }[];
  removed: { id: number; pages: number }[];
}

export interface FileIdentity {
  /** `<libraryId>/<relative path>` */
  path: string;
  kind: string;
  size: number;
  mtimeMs: number;
  /** KOReader's document ids of the file (kosync/document-id.ts); '' when not computed. */
  partialMd5?: string;
  nameMd5?: string;
}

function belongsTo(sourcePath: string, path: string): boolean {
  return sourcePath === path || sourcePath.startsWith(`${path}#`);
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

export class ImportCommitter {
  constructor(
    private readonly repo: CatalogueImportRepository,
    /** `<libraryId>/`: the prefix of this library's paths and work keys. */
    private readonly prefix: string,
  ) {}

  async commitFile(file: FileIdentity, prepared: PreparedFile): Promise<CommitResult> {
    return this.repo.transaction(async (tx) => {
      const time = now();
      const previous = await tx.libraryFile(file.path);
      const key = this.prefix + prepared.workKey;
      let work = await tx.findWork(key);
      const workCreated = !work;
      work ??= await tx.createWork(WORK_TYPE[prepared.kind], key, titleFromWorkKey(key), time);

      const otherWorks: CommitResult['otherWorks'] = [];
      if (previous?.work_id && previous.work_id !== work.id) {
        await this.detach(tx, previous.work_id, file.path);
        otherWorks.push({ id: previous.work_id, removed: await this.recompute(tx, previous.work_id, time) });
      }

      const existing = (await tx.chaptersOfWork(work.id)).filter((c) => belongsTo(c.source_path, file.path));
      const byPath = new Map(existing.map((c) => [c.source_path, c]));
      const result: CommitResult = {
        workId: work.id,
        workCreated,
        otherWorks,
        added: [],
        updated: [],
        removed: [],
      };
      const fingerprint = `${file.size}:${file.mtimeMs}`;
      let firstId: number | null = null;
      const kept = new Set<number>();
      for (const chapter of prepared.chapters) {
        const sourcePath = this.prefix + chapter.sourcePath;
        const old = byPath.get(sourcePath);
        const id = await tx.writeChapter(
          work.id,
          old?.id ?? null,
          { ...chapter, sourcePath },
          fingerprint,
          time,
        );
        firstId ??= id;
        kept.add(id);
        (old ? result.updated : result.added).push({ id, pages: chapter.pages.length });
      }
      const gone = existing.filter((c) => !kept.has(c.id));
      await tx.deleteChapters(gone.map((c) => c.id));
      result.removed = gone.map((c) => ({ id: c.id, pages: c.page_count }));

      await tx.recordMedia(prepared.media, time);
      await tx.saveLibraryFile(
        {
          path: file.path,
          kind: prepared.kind,
          size: file.size,
          mtime_ms: file.mtimeMs,
          work_id: work.id,
          chapter_id: firstId,
          status: 'ok',
          reason: '',
          meta: JSON.stringify(prepared.meta),
          partial_md5: file.partialMd5 ?? '',
          name_md5: file.nameMd5 ?? '',
        },
        time,
      );
      await this.recompute(tx, work.id, time);
      return result;
    });
  }

  /**
   * A file that is gone, or that can no longer be read: its chapters leave the catalogue (and its
   * work, if that was its last file). A failed file is remembered with its reason so an unchanged
   * broken file is not retried on every scan.
   */
  async removeFile(
    file: FileIdentity,
    failure: string | null,
  ): Promise<{ removed: { id: number; pages: number }[]; workId: number | null; workRemoved: boolean }> {
    return this.repo.transaction(async (tx) => {
      const time = now();
      const previous = await tx.libraryFile(file.path);
      let removed: { id: number; pages: number }[] = [];
      let workRemoved = false;
      const workId = previous?.work_id ?? null;
      if (workId !== null) {
        removed = await this.detach(tx, workId, file.path);
        await tx.deleteLibraryFile(file.path);
        workRemoved = await this.recompute(tx, workId, time);
      }
      if (failure === null) await tx.deleteLibraryFile(file.path);
      else {
        await tx.saveLibraryFile(
          {
            path: file.path,
            kind: file.kind,
            size: file.size,
            mtime_ms: file.mtimeMs,
            work_id: null,
            chapter_id: null,
            status: 'failed',
            reason: failure,
            meta: '{}',
          },
          time,
        );
      }
      return { removed, workId, workRemoved };
    });
  }

  /**
   * A series folder's markers and poster. They only describe a work that exists: with no work
   * yet, nothing is saved and the next run looks again.
   */
  async commitFolder(
    file: FileIdentity,
    workKeys: string[],
    meta: FileMeta,
    media: PreparedFile['media'],
  ): Promise<number | null> {
    return this.repo.transaction(async (tx) => {
      const time = now();
      let target: number | null = null;
      for (const key of workKeys) {
        const work = await tx.findWork(this.prefix + key);
        if (work) {
          target = work.id;
          break;
        }
      }
      if (target === null) return null;
      const previous = await tx.libraryFile(file.path);
      await tx.recordMedia(media, time);
      await tx.saveLibraryFile(
        {
          path: file.path,
          kind: 'work-folder',
          size: file.size,
          mtime_ms: file.mtimeMs,
          work_id: target,
          chapter_id: null,
          status: 'ok',
          reason: '',
          meta: JSON.stringify(meta),
        },
        time,
      );
      if (previous?.work_id && previous.work_id !== target) await this.recompute(tx, previous.work_id, time);
      await this.recompute(tx, target, time);
      return target;
    });
  }

  private async detach(
    tx: CatalogueImportRepository,
    workId: number,
    path: string,
  ): Promise<{ id: number; pages: number }[]> {
    const chapters = (await tx.chaptersOfWork(workId)).filter((c) => belongsTo(c.source_path, path));
    await tx.deleteChapters(chapters.map((c) => c.id));
    return chapters.map((c) => ({ id: c.id, pages: c.page_count }));
  }

  /**
   * Re-derives a work from its chapters and files: dense 0-based sort_order in reading order,
   * chapter_count, latest_chapter_title, updated_time (the last chapter change), metadata, cover,
   * authors, tags, categories, pay and price. Deletes the work when no chapter is left; returns true then.
   */
  async recompute(tx: CatalogueImportRepository, workId: number, time: number): Promise<boolean> {
    const work = await tx.workById(workId);
    if (!work) return true;
    const chapters = await tx.chaptersOfWork(workId);
    if (chapters.length === 0) {
      await tx.deleteWork(workId);
      return true;
    }
    const sorted: ChapterOrderRow[] = [...chapters].sort(compareChapters);
    for (const [i, chapter] of sorted.entries()) {
      if (chapter.sort_order !== i) await tx.setSortOrder(chapter.id, i);
    }
    const position = new Map<string, number>();
    for (const [i, chapter] of sorted.entries()) {
      const file = chapter.source_path.split('#')[0]!;
      if (!position.has(file)) position.set(file, i);
    }
    const files = await tx.filesOfWork(workId);
    const folder = files.find((f) => f.kind === 'work-folder');
    const folderMeta = folder ? readFileMeta(folder.meta) : null;
    // The folder's own metadata (tvshow.nfo) speaks for the whole series, so it comes first.
    const fileMetas = [
      ...(folderMeta ? [folderMeta] : []),
      ...files
        .filter((f) => f.kind !== 'work-folder')
        .sort((a, b) => (position.get(a.path) ?? Infinity) - (position.get(b.path) ?? Infinity))
        .map((f) => readFileMeta(f.meta)),
    ];
    const kind = (Object.keys(WORK_TYPE) as ImportKind[]).find((k) => WORK_TYPE[k] === work.type) ?? 'comic';
    // Front and back matter (a cover page, contents, a licence) keep their place but are not
    // chapters: not counted, not the latest chapter, always free, and not part of the preview.
    const real = sorted.filter((c) => c.matter === '');
    const counted = real.length > 0 ? real : sorted;
    const fields = deriveWorkFields({
      kind,
      workKey: work.source_key,
      fileMetas,
      folderMeta,
      chapterCount: counted.length,
    });
    await tx.updateWork(workId, {
      title: fields.title,
      alt_titles: JSON.stringify(fields.altTitles),
      summary: fields.summary,
      cover_key: fields.cover?.key ?? '',
      cover_width: fields.cover?.width ?? 0,
      cover_height: fields.cover?.height ?? 0,
      is_end: fields.isEnd ? 1 : 0,
      // works.pay marks VIP works only (their badge and the VIP filter); coin works stay 0.
      pay: fields.pay === 'vip' ? PAY_VIP : 0,
      chapter_price: fields.chapterPrice,
      score_x10: fields.scoreX10,
      language: fields.language,
      rtl: fields.rtl ? 1 : 0,
      age_rating: fields.ageRating,
      chapter_count: counted.length,
      latest_chapter_title: counted.at(-1)!.title,
      updated_time: Math.max(...sorted.map((c) => c.updated_time)) || time,
    });
    const rank = new Map(counted.map((c, i) => [c.id, i]));
    await tx.setChapterPay(
      sorted.map((c) => ({
        id: c.id,
        pay: (rank.get(c.id) ?? 0) >= FREE_PREVIEW_CHAPTERS ? CHAPTER_PAY[fields.pay] : 0,
        current: c.pay,
      })),
    );
    await tx.setWorkAuthors(workId, fields.authors);
    await tx.setWorkTags(workId, fields.tags);
    await tx.setWorkCategories(
      workId,
      work.type,
      fields.categories.map((name) => ({ name, sort: categorySort(name) })),
    );
    return false;
  }
}
