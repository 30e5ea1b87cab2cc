import type { DownloadKind } from '../../lib/offline/download-types';
import type { DownloadRequest } from '../../lib/offline/download-manager';

/** What the download sheet needs of a chapter or episode list item (ChapterItem, AnimeEpisode). */
export interface ChoosableChapter {
  id: number;
  name: string;
  /** 1 when this reader may not open it: such a chapter could not be downloaded either. */
  locked: number;
  /** 2 = VIP chapter: it opens offline only while the last known VIP lasts. */
  pay: number;
  /** Episodes: only a packaged one ('ready') has files to download. */
  status?: string;
}

export type DownloadChoice =
  | { kind: 'this' }
  | { kind: 'next'; count: number }
  | { kind: 'range'; fromId: number; toId: number }
  | { kind: 'all' };

const PAY_VIP = 2;

export function isDownloadable(chapter: ChoosableChapter): boolean {
  return chapter.locked !== 1 && (chapter.status === undefined || chapter.status === 'ready');
}

/**
 * The chapters a choice stands for, in list order, without the ones that cannot be downloaded.
 * "Next N" counts from the current chapter itself (the one being read, or where the detail page
 * would start reading) and takes the first N downloadable ones from there; a range goes from one
 * chapter to the other whichever way round they were picked.
 */
export function chooseChapters<C extends ChoosableChapter>(
  chapters: readonly C[],
  choice: DownloadChoice,
  currentId: number,
): C[] {
  const at = (id: number) => chapters.findIndex((chapter) => chapter.id === id);
  switch (choice.kind) {
    case 'this': {
      const current = chapters[at(currentId)];
      return current && isDownloadable(current) ? [current] : [];
    }
    case 'next':
      return chapters
        .slice(Math.max(0, at(currentId)))
        .filter(isDownloadable)
        .slice(0, Math.max(0, choice.count));
    case 'range': {
      const from = at(choice.fromId);
      const to = at(choice.toId);
      if (from < 0 || to < 0) return [];
      return chapters.slice(Math.min(from, to), Math.max(from, to) + 1).filter(isDownloadable);
    }
    case 'all':
      return chapters.filter(isDownloadable);
  }
}

export interface DownloadWork {
  kind: DownloadKind;
  workId: number;
  workName: string;
  cover: string;
}

/** What the download manager is asked for: `order` is the chapter's place in the whole list. */
export function downloadRequests(
  chosen: readonly ChoosableChapter[],
  chapters: readonly ChoosableChapter[],
  work: DownloadWork,
  quality = '',
): DownloadRequest[] {
  const order = new Map(chapters.map((chapter, index) => [chapter.id, index]));
  return chosen.map((chapter) => ({
    ...work,
    chapterId: chapter.id,
    chapterName: chapter.name,
    order: order.get(chapter.id) ?? 0,
    vipOnly: chapter.pay === PAY_VIP,
    quality: work.kind === 'anime' ? quality : '',
  }));
}
