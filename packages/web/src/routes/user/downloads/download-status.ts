import type { DownloadRecord } from '../../../lib/offline/download-types';

export type DownloadAction = 'pause' | 'resume' | 'retry' | 'cancel' | 'delete';

export interface DownloadStatus {
  /** The `downloads.state.*` text shown under the chapter's name. */
  text: 'queued' | 'downloading' | 'paused' | 'done' | 'network' | 'quota' | 'locked' | 'gone' | 'server';
  /** Files stored of all, while the files are coming in. */
  progress: { done: number; total: number } | null;
  /** Something the reader has to act on (free room, get VIP): drawn in the warning colour. */
  problem: boolean;
  actions: DownloadAction[];
}

/**
 * What a download's row says and offers. A download waiting for the connection is still
 * "downloading" to the manager (it goes on by itself when the connection is back), so it says so
 * rather than showing a bar that does not move; one paused for want of room says that too.
 */
export function downloadStatus(record: DownloadRecord): DownloadStatus {
  const progress = record.totalFiles > 0 ? { done: record.doneFiles, total: record.totalFiles } : null;
  switch (record.state) {
    case 'done':
      return { text: 'done', progress: null, problem: false, actions: ['delete'] };
    case 'queued':
      return { text: 'queued', progress, problem: false, actions: ['pause', 'cancel'] };
    case 'downloading':
      if (record.error === 'network')
        return { text: 'network', progress, problem: false, actions: ['pause', 'cancel'] };
      return {
        text: 'downloading',
        progress: progress ?? { done: 0, total: 0 },
        problem: false,
        actions: ['pause', 'cancel'],
      };
    case 'paused':
      if (record.error === 'quota')
        return { text: 'quota', progress, problem: true, actions: ['resume', 'cancel'] };
      return { text: 'paused', progress, problem: false, actions: ['resume', 'cancel'] };
    case 'failed':
      return { text: record.error ?? 'server', progress: null, problem: true, actions: ['retry', 'cancel'] };
  }
}

/** A comic chapter's page count, from the reader's answer the download kept. */
export function pageCount(record: DownloadRecord): number | null {
  if (record.kind !== 'comic') return null;
  const pages = (record.payload as { pages?: unknown } | null)?.pages;
  return Array.isArray(pages) ? pages.length : null;
}

/**
 * The quality an episode was stored in: the one asked for when the episode has it, else the one
 * the download took instead (the same rule as lib/offline/episode-files.ts chooseStream: that
 * height, else the highest below it, else the lowest). '' for chapters.
 */
export function storedQuality(record: DownloadRecord): string {
  if (record.kind !== 'anime') return '';
  const qualities = (record.payload as { qualities?: { name: string; height: number }[] } | null)?.qualities;
  if (!Array.isArray(qualities) || qualities.length === 0) return record.quality;
  if (qualities.some((quality) => quality.name === record.quality)) return record.quality;
  const height = Number.parseInt(record.quality, 10) || 0;
  const byHeight = [...qualities].sort((a, b) => b.height - a.height);
  const chosen =
    byHeight.find((quality) => quality.height === height) ??
    byHeight.find((quality) => quality.height < height) ??
    byHeight[byHeight.length - 1]!;
  return chosen.name;
}

export interface DownloadedWork {
  key: string;
  kind: DownloadRecord['kind'];
  workId: number;
  workName: string;
  cover: string;
  bytes: number;
  items: DownloadRecord[];
}

/**
 * Downloads by work, the works in the order their first download was asked for, each work's
 * chapters in the work's own order.
 */
export function groupByWork(records: readonly DownloadRecord[]): DownloadedWork[] {
  const works = new Map<string, DownloadedWork>();
  for (const record of records) {
    const key = `${record.kind}:${record.workId}`;
    let work = works.get(key);
    if (!work) {
      work = {
        key,
        kind: record.kind,
        workId: record.workId,
        workName: record.workName,
        cover: record.cover,
        bytes: 0,
        items: [],
      };
      works.set(key, work);
    }
    work.bytes += record.bytes;
    work.items.push(record);
    // The latest download knows the work's name and cover as they are now.
    work.workName = record.workName || work.workName;
    work.cover = record.cover || work.cover;
  }
  for (const work of works.values()) work.items.sort((a, b) => a.order - b.order);
  return [...works.values()];
}

export function totalBytes(records: readonly DownloadRecord[]): number {
  return records.reduce((sum, record) => sum + record.bytes, 0);
}
