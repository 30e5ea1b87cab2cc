import { WorkType, type ChargeNotice, type ReaderChapter } from '@dm51/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useChapters } from '../../state/queries/catalogue';
import { neighbours } from '../chapter-list/chapter-order';
import { detailHref } from '../mixed-list-card/card-fields';
import { lockReasonOf } from '../unlock-sheet/lock-reason';
import { useChargeToast } from '../unlock-sheet/use-charge-toast';
import { readerHref } from '../work-detail/reader-href';
import { nextLabelKey } from './next-label';
import { useProgressSaver } from './use-progress-saver';

export type ReaderSheetKind = 'chapters' | 'settings' | 'download';

/**
 * What both readers do around one chapter, whatever they draw: the work's chapter list, the lock
 * (VIP or coins; known from the cached list without asking for the chapter, or from the reader's
 * answer), the auto-unlock charge notice, the chapter query, the progress saver, the bars and
 * sheets, and moving to another chapter.
 */
export function useReaderChapter<T extends { chapter: ReaderChapter; charged: ChargeNotice }, P>(
  { workId, chapterId }: { workId: number; chapterId: number },
  /** WorkType.COMIC or WorkType.NOVEL: picks the chapter list, the routes and the saver's key. */
  type: number,
  /** useComicChapter or useNovelChapter; always the same one for a reader, so hook order holds. */
  useChapter: (chapterId: number, enabled: boolean) => UseQueryResult<T>,
  /** Sends the reading place (the history calls differ between comics and novels). */
  save: (place: P) => Promise<void>,
) {
  const navigate = useNavigate();
  const chapters = useChapters(type, workId);
  const listed = chapters.data?.find((item) => item.id === chapterId);
  const lockedByList = listed?.locked === 1;
  const chapter = useChapter(chapterId, !lockedByList);
  const lockReason = lockReasonOf(listed, chapter.error);
  const locked = lockedByList || lockReason !== null;
  useChargeToast(chapterId, chapter.data?.charged);

  const [bars, setBars] = useState(true);
  // The scroll view asks to hide the bars on every scrolled frame going down: once they are hidden
  // that must not schedule a render of the whole reader each time.
  const barsShown = useRef(bars);
  useEffect(() => {
    barsShown.current = bars;
  }, [bars]);
  const hideBars = useCallback(() => {
    if (!barsShown.current) return;
    barsShown.current = false;
    setBars(false);
  }, []);
  const toggleBars = useCallback(() => setBars((shown) => !shown), []);
  const [sheet, setSheet] = useState<ReaderSheetKind | null>(null);
  const saver = useProgressSaver<P>(`${type === WorkType.NOVEL ? 'novel' : 'comic'}:${chapterId}`, save, {
    type,
    id: workId,
  });

  const info = chapter.data?.chapter;
  const nextLocked = info?.next_locked === 1;
  const nextListed = chapters.data?.find((item) => item.id === info?.next_chapter_id);
  const nextLabel = nextLabelKey('reader.nextChapter', nextLocked, nextListed);

  // Leaving saves the place first; `replace`, so back goes to the detail page, not the last chapter.
  const goChapter = (id: number) => {
    if (id <= 0) return;
    saver.flush();
    setSheet(null);
    navigate(readerHref(type, workId, id, null), { replace: true });
  };

  return {
    type,
    workId,
    chapters,
    listed,
    chapter,
    info,
    locked,
    lockReason: lockReason ?? 'coins',
    nextLocked,
    /** The next button's i18n key: plain, or how the locked next chapter opens (VIP or coins). */
    nextLabel,
    /** Prev/next from the chapter list, for when the reader has no answer (locked, loading). */
    listNeighbours: neighbours(chapters.data ?? [], chapterId),
    saver,
    sheet,
    closeSheet: () => setSheet(null),
    toggleBars,
    hideBars,
    goChapter,
    backToDetail: () => navigate(detailHref(type, workId), { replace: true }),
    /** The ReaderChrome props both readers fill the same way. */
    chrome: {
      // Locked chapters and open sheets keep the bars, or there would be no way on.
      visible: bars || locked || sheet !== null,
      title: info?.work_name ?? '',
      subtitle: info?.name ?? listed?.name ?? '',
      nextLabel,
      onChapter: goChapter,
      onChapters: () => setSheet('chapters'),
      onSettings: () => setSheet('settings'),
      onDownload: () => setSheet('download'),
    },
  };
}
