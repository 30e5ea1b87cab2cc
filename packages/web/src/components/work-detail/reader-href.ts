import { WorkType, type ReadTarget } from '@dm51/shared';
import { playerHref } from '../../routes/anime/anime-links';

/**
 * The reader route for a chapter: `column` (work id, as the detail routes) and `chapter`; resuming
 * adds the saved page (comics) or character position (novels).
 */
export function readerHref(
  type: number,
  workId: number,
  chapterId: number,
  resume: ReadTarget | null,
): string {
  // An episode opens in the player, which resumes from the saved place itself.
  if (type === WorkType.ANIME) return playerHref(workId, chapterId);
  const base = type === WorkType.NOVEL ? '/pages/novel/reader' : '/pages/cartoon/reader';
  const params = new URLSearchParams({ column: String(workId), chapter: String(chapterId) });
  if (resume && resume.chapter_id === chapterId) {
    if (type === WorkType.NOVEL) params.set('pos', String(resume.position));
    else params.set('page', String(resume.page_index));
  }
  return `${base}?${params.toString()}`;
}
