/**
 * KOReader progress sync: what a document id is (a download the server made for this account,
 * or a library file), and the place in it both ways: a comic or PDF page ↔ the app's page index,
 * an EPUB position (xpointer) ↔ the app's chapter and character offset. What KOReader pushes
 * becomes the account's reading place ("continued on KOReader · <device>"); what it pulls is the
 * newer of its own last push and the app's place. The last write wins.
 */
import { extname } from 'node:path';
import { nowSeconds } from '../db/database.js';
import { readFileMeta } from '../import/work-metadata.js';
import { addedHeading } from '../opds/epub.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { HistoryRepository, PlaceRow } from '../repositories/history.repository.js';
import {
  MAX_DOCUMENTS_PER_USER,
  type LibraryFileMatch,
  type SyncDocumentRow,
  type SyncDocumentsRepository,
  type SyncTarget,
} from './sync-documents.repository.js';
import { parseXPointer, plainOffsetOf, xpointerOf } from './xpointer.js';

export interface PushedProgress {
  document: string;
  progress: string;
  percentage: number;
  device: string;
  device_id: string;
}

export interface PulledProgress extends PushedProgress {
  timestamp: number;
}

/** The device KOReader is told a place comes from when the app saved it. */
export const APP_DEVICE = { device: '51动漫', device_id: 'dm51-app' } as const;
/** A place KOReader saved through another document (another copy of the book). */
const OTHER_COPY_DEVICE_ID = 'dm51-sync';

export class KosyncRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface AppPlace {
  chapterId: number;
  pageIndex: number;
  position: number;
  percent: number;
  type: number;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export class KosyncService {
  constructor(
    private readonly documents: SyncDocumentsRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly history: HistoryRepository,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** What `document` is for this account: its own record, else a library file with that id. */
  async resolve(
    userId: number,
    document: string,
  ): Promise<{ target: SyncTarget; stored?: SyncDocumentRow } | null> {
    const stored = await this.documents.find(userId, document);
    if (stored && stored.target.workId > 0) return { target: stored.target, stored };
    const match = await this.pickLibraryFile(userId, await this.documents.libraryFiles(document));
    if (match) return { target: await this.libraryTarget(match), ...(stored ? { stored } : {}) };
    return stored ? { target: stored.target, stored } : null;
  }

  /**
   * A file's bytes identify it; a name may be shared by files of several works ("Volume 01.cbz"),
   * and then only the one this account read last is meant (none read: unknown).
   */
  private async pickLibraryFile(userId: number, matches: LibraryFileMatch[]) {
    if (matches.length === 0) return null;
    if (matches[0]!.byContent || matches.length === 1) return matches[0]!;
    const works = [...new Set(matches.map((m) => m.work_id))];
    if (works.length === 1) return matches[0]!;
    const [last] = await this.documents.lastRead(userId, works);
    return last === undefined ? null : (matches.find((m) => m.work_id === last) ?? null);
  }

  /** A library file as a sync target: a comic file is its chapter; an EPUB novel is its spine. */
  async libraryTarget(file: {
    path: string;
    kind: string;
    work_id: number;
    chapter_id: number;
    meta: string;
  }) {
    const ext = extname(file.path).toLowerCase();
    if (file.kind === 'novel' && ext === '.epub') {
      const chapters = await this.documents.chaptersOfFile(file.work_id, file.path);
      const spine = readFileMeta(file.meta).spine ?? chapters.map((_, i) => i + 1);
      return {
        workId: file.work_id,
        chapterId: 0,
        format: 'epub',
        layout: layoutOf(chapters, spine),
      } as SyncTarget;
    }
    const format = file.kind === 'comic' && ext !== '.epub' ? (ext === '.pdf' ? 'pdf' : 'cbz') : 'other';
    return { workId: file.work_id, chapterId: file.chapter_id, format, layout: [] } as SyncTarget;
  }

  async push(userId: number, pushed: PushedProgress): Promise<{ document: string; timestamp: number }> {
    const now = this.now();
    const resolved = await this.resolve(userId, pushed.document);
    if (!resolved && (await this.documents.count(userId)) >= MAX_DOCUMENTS_PER_USER)
      throw new KosyncRefusal(403, 2003, `At most ${MAX_DOCUMENTS_PER_USER} documents are kept per account.`);
    // An unknown document is kept too, so two e-readers holding a book the server does not know
    // still sync with each other; it simply has no place in the app.
    const target = resolved?.target ?? { workId: 0, chapterId: 0, format: 'other', layout: [] };
    const progress = {
      progress: pushed.progress,
      percentage: pushed.percentage,
      device: pushed.device,
      device_id: pushed.device_id,
      progress_time: now,
    };
    await this.documents.saveProgress(userId, pushed.document, target, progress, now);
    const place = target.workId > 0 ? await this.appPlaceOf(target, pushed.progress) : null;
    if (place) {
      await this.history.save({
        userId,
        workId: target.workId,
        type: place.type,
        chapterId: place.chapterId,
        pageIndex: place.pageIndex,
        position: place.position,
        percent: place.percent,
        time: now,
        syncedFrom: pushed.device.trim() || 'KOReader',
      });
    }
    return { document: pushed.document, timestamp: now };
  }

  async pull(userId: number, document: string): Promise<PulledProgress | Record<string, never>> {
    const resolved = await this.resolve(userId, document);
    if (!resolved) return {};
    const { target, stored } = resolved;
    const pushed = stored && stored.progress_time > 0 ? stored : null;
    const place =
      target.workId > 0
        ? (await this.history.placesOf(userId, [target.workId])).get(target.workId)
        : undefined;
    // The app's place when it is newer than KOReader's last push here (or there is none).
    if (place && (!pushed || Number(place.updated_time) > pushed.progress_time)) {
      const mapped = await this.progressOf(target, place);
      if (mapped) {
        return {
          document,
          ...mapped,
          device: place.synced_from || APP_DEVICE.device,
          device_id: place.synced_from ? OTHER_COPY_DEVICE_ID : APP_DEVICE.device_id,
          timestamp: Number(place.updated_time),
        };
      }
    }
    if (!pushed) return {};
    return {
      document,
      progress: pushed.progress,
      percentage: pushed.percentage,
      device: pushed.device,
      device_id: pushed.device_id,
      timestamp: pushed.progress_time,
    };
  }

  /** KOReader's progress in a document → the app's place; null when it names no place the app has. */
  private async appPlaceOf(target: SyncTarget, progress: string): Promise<AppPlace | null> {
    if (target.format === 'cbz' || target.format === 'pdf') {
      if (!/^\d{1,6}$/.test(progress.trim())) return null;
      const chapter = await this.catalogue.findChapter(target.chapterId);
      if (!chapter || chapter.work_id !== target.workId) return null;
      const pages = (await this.catalogue.pages(chapter.id)).length;
      const pageIndex = Math.max(0, Math.min(Number(progress.trim()) - 1, pages - 1));
      const percent = pages > 0 ? Math.round(((pageIndex + 1) / pages) * 100) : 0;
      return { chapterId: chapter.id, pageIndex, position: 0, percent, type: chapter.work_type };
    }
    if (target.format !== 'epub' && target.format !== 'made-epub') return null;
    const pointer = parseXPointer(progress);
    if (!pointer) return null;
    const chapterId = chapterAt(target.layout, pointer.fragment - 1);
    if (!chapterId) return null;
    const chapter = await this.catalogue.findChapter(chapterId);
    const text = chapter ? await this.catalogue.novelText(chapterId) : undefined;
    if (!chapter || !text || chapter.work_id !== target.workId) return null;
    // A position in another document than the chapter's own (matter that is not a chapter) is its start.
    const own = target.layout[pointer.fragment - 1] === chapterId;
    const position = own ? plainOffsetOf(pointer, bodyOf(target, chapter.title, text.html), text.text) : 0;
    const percent = text.text.length > 0 ? Math.round((position / text.text.length) * 100) : 0;
    return { chapterId, pageIndex: 0, position, percent, type: chapter.work_type };
  }

  /** The app's place → KOReader's progress in this document; null when the document does not hold it. */
  private async progressOf(target: SyncTarget, place: PlaceRow) {
    if (target.format === 'cbz' || target.format === 'pdf') {
      if (place.chapter_id !== target.chapterId) return null;
      const pages = (await this.catalogue.pages(place.chapter_id)).length;
      const page = Math.min(place.page_index + 1, Math.max(pages, 1));
      return { progress: String(page), percentage: pages > 0 ? round4(page / pages) : 0 };
    }
    if (target.format !== 'epub' && target.format !== 'made-epub') return null;
    const index = target.layout.indexOf(place.chapter_id);
    const text = index >= 0 ? await this.catalogue.novelText(place.chapter_id) : undefined;
    if (index < 0 || !text) return null;
    const progress = xpointerOf(
      index + 1,
      bodyOf(target, place.chapter_title, text.html),
      text.text,
      place.position,
    );
    const percentage = round4((index + place.percent / 100) / Math.max(target.layout.length, 1));
    return { progress, percentage };
  }
}

/**
 * The chapter of spine document `index`, or of the next one that is a chapter (a position in a
 * title page or contents page the import did not keep is the start of what follows).
 */
function chapterAt(layout: number[], index: number): number {
  if (index < 0 || index >= layout.length) return 0;
  for (let i = index; i < layout.length; i++) if (layout[i]) return layout[i]!;
  return 0;
}

/** The chapter's body as the document KOReader holds lays it out. */
function bodyOf(target: SyncTarget, title: string, html: string): string {
  return target.format === 'made-epub' ? addedHeading({ title, html }) + html : html;
}

/** Spine layout from a file's chapters (in file order) and each one's spine document number. */
export function layoutOf(chapters: { id: number }[], spine: number[]): number[] {
  const layout: number[] = [];
  chapters.forEach((chapter, i) => {
    const fragment = spine[i] ?? 0;
    if (fragment > 0) layout[fragment - 1] = chapter.id;
  });
  return Array.from(layout, (id) => id ?? 0);
}
