import { WorkType } from '@dm51/shared';
import type { DownloadKind } from '../../lib/offline/download-types';

/** A work's type (WorkType) as the download manager names it. */
export function kindOfType(type: number): DownloadKind {
  return type === WorkType.NOVEL ? 'novel' : type === WorkType.ANIME ? 'anime' : 'comic';
}
