/**
 * Counts and lists for one run, turned into the ImportSummary the CLI prints (as text or JSON),
 * the background job reports and import_runs keeps.
 */
import type {
  CatalogueImportRepository,
  LibraryFileRecord,
} from '../repositories/catalogue-import.repository.js';
import type { CommitResult } from './import-committer.js';
import type { Counts, ImportFailure, ImportSummary, PreparedFile } from './import-types.js';
import { titleFromWorkKey } from './work-naming.js';

/**
 * Works listed with their chapters in a run's summary. The summary is kept in import_runs, sent to
 * the server's main thread and printed by the CLI: a first scan of 100,000 files touches tens of
 * thousands of works with hundreds of thousands of chapters, which listed whole took hundreds of
 * MB and two statements per work. The counts always cover every work.
 */
export const WORKS_REPORT_MAX = 1_000;

const zero = (): Counts => ({ added: 0, updated: 0, unchanged: 0, removed: 0, failed: 0 });

export class ImportReport {
  readonly files = { scanned: 0, unchanged: 0, imported: 0, removed: 0, failed: 0, deferred: 0 };
  readonly chapters = zero();
  readonly pages = zero();
  mediaCollected = 0;
  private readonly worksAdded = new Set<number>();
  private readonly worksUpdated = new Set<number>();
  private worksRemoved = 0;
  private readonly chapterIds = new Set<number>();
  private readonly failed: ImportFailure[] = [];
  private readonly skipped: ImportFailure[] = [];

  constructor(
    private readonly root: string,
    private readonly prefix: string,
  ) {}

  fail(path: string, reason: string): void {
    this.files.failed += 1;
    this.failed.push({ path, reason });
  }

  /** A file still being written: left as it was for a later run. */
  deferredFile(): void {
    this.files.deferred += 1;
  }

  /** An unchanged file is not reopened; one that failed before is still reported as failing. */
  unchangedFile(row: LibraryFileRecord): void {
    this.files.unchanged += 1;
    if (row.status === 'failed') {
      this.chapters.failed += 1;
      this.fail(row.path.slice(this.prefix.length), row.reason);
    }
  }

  private workTouched(id: number): void {
    if (!this.worksAdded.has(id)) this.worksUpdated.add(id);
  }

  private workGone(id: number): void {
    this.worksRemoved += this.worksAdded.delete(id) ? 0 : 1;
    this.worksUpdated.delete(id);
  }

  committed(rel: string, prepared: PreparedFile, result: CommitResult): void {
    this.files.imported += 1;
    if (result.workCreated) this.worksAdded.add(result.workId);
    else this.workTouched(result.workId);
    for (const other of result.otherWorks) {
      if (other.removed) this.workGone(other.id);
      else this.workTouched(other.id);
    }
    this.chapters.added += result.added.length;
    this.chapters.updated += result.updated.length;
    this.chapters.removed += result.removed.length;
    for (const c of [...result.added, ...result.updated]) this.chapterIds.add(c.id);
    this.pages.added += result.added.reduce((n, c) => n + c.pages, 0);
    this.pages.updated += result.updated.reduce((n, c) => n + c.pages, 0);
    this.pages.removed += result.removed.reduce((n, c) => n + c.pages, 0);
    this.pages.failed += prepared.failedEntries.length;
    for (const e of prepared.failedEntries)
      this.failed.push({ path: `${rel}::${e.entry}`, reason: e.reason });
    for (const e of prepared.skipped) this.skipped.push({ path: `${rel}::${e.entry}`, reason: e.reason });
  }

  failedFile(
    rel: string,
    reason: string,
    result: { removed: { id: number; pages: number }[]; workId: number | null; workRemoved: boolean },
  ): void {
    this.fail(rel, reason);
    this.chapters.failed += 1;
    this.removedChapters(result);
  }

  removedFile(
    isFolder: boolean,
    result: { removed: { id: number; pages: number }[]; workId: number | null; workRemoved: boolean },
  ): void {
    if (!isFolder) this.files.removed += 1;
    this.removedChapters(result);
  }

  private removedChapters(result: {
    removed: { id: number; pages: number }[];
    workId: number | null;
    workRemoved: boolean;
  }): void {
    this.chapters.removed += result.removed.length;
    this.pages.removed += result.removed.reduce((n, c) => n + c.pages, 0);
    if (result.workId === null) return;
    if (result.workRemoved) this.workGone(result.workId);
    else if (result.removed.length > 0) this.workTouched(result.workId);
  }

  folderCommitted(workId: number): void {
    this.workTouched(workId);
  }

  async finish(repo: CatalogueImportRepository, durationMs: number): Promise<ImportSummary> {
    const totals = await repo.libraryTotals(this.prefix);
    const touched = [...this.worksAdded, ...this.worksUpdated];
    const listed = touched.slice(0, WORKS_REPORT_MAX);
    const reports = await repo.workReports(listed, [...this.chapterIds]);
    const works: Counts = {
      added: this.worksAdded.size,
      updated: this.worksUpdated.size,
      unchanged: Math.max(0, totals.works - this.worksAdded.size - this.worksUpdated.size),
      removed: this.worksRemoved,
      failed: 0,
    };
    this.chapters.unchanged = Math.max(0, totals.chapters - this.chapters.added - this.chapters.updated);
    this.pages.unchanged = Math.max(0, totals.pages - this.pages.added - this.pages.updated);
    return {
      library: this.root,
      files: this.files,
      works,
      chapters: this.chapters,
      pages: this.pages,
      mediaCollected: this.mediaCollected,
      durationMs,
      worksReport: reports.map((r) => ({
        kind: r.kind,
        title: r.title,
        series: titleFromWorkKey(r.sourceKey),
        authors: r.authors,
        language: r.language,
        rtl: r.rtl,
        chapters: r.chapters,
      })),
      worksReportOmitted: touched.length - listed.length,
      failed: this.failed,
      skipped: this.skipped,
    };
  }
}
