import type { ComicPage as ComicPageData } from '@dm51/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { preloadImage } from '../xfile-image/use-xfile-image';
import { ComicPage } from './ComicPage';
import { PRELOAD_AHEAD, pagedPercent } from './page-window';
import { tapAction, type ReaderMode } from './tap-zones';

/** Horizontal travel that counts as a page-turning swipe. */
const SWIPE_PX = 48;

interface PagedViewProps {
  pages: readonly ComicPageData[];
  startPage: number;
  mode: Exclude<ReaderMode, 'scroll'>;
  onPosition: (current: number, percent: number) => void;
  onToggleBars: () => void;
  onNearEnd: () => void;
  /** Shown as one more "page" after the last: end of chapter, next chapter. */
  end: ReactNode;
}

/**
 * One page at a time, fitted to the screen; tap the sides or swipe to turn, mirrored for
 * right-to-left works. Only the current page is in the DOM; the next ones are fetched ahead.
 */
export function ComicPagedView({
  pages,
  startPage,
  mode,
  onPosition,
  onToggleBars,
  onNearEnd,
  end,
}: PagedViewProps) {
  const count = pages.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, startPage), count));
  const touch = useRef<{ x: number; y: number } | null>(null);
  const rtl = mode === 'rtl';

  const go = (delta: number) => setIndex((i) => Math.min(count, Math.max(0, i + delta)));

  useEffect(() => {
    const current = Math.min(index, count - 1);
    onPosition(current, index >= count ? 100 : pagedPercent(current, count));
    for (let i = index + 1; i <= Math.min(count - 1, index + PRELOAD_AHEAD); i++)
      preloadImage(pages[i]?.url ?? '');
    if (index + PRELOAD_AHEAD >= count - 1) onNearEnd();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the page only
  }, [index, count]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(rtl ? -1 : 1);
      else if (event.key === 'ArrowLeft') go(rtl ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div
      className={`comic-paged comic-paged--${mode}`}
      data-testid="comic-paged"
      data-current={index}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const action = tapAction(event.clientX - box.left, box.width, mode);
        if (action === 'toggle') onToggleBars();
        else go(action === 'next' ? 1 : -1);
      }}
      onTouchStart={(event) => {
        const point = event.touches[0];
        touch.current = point ? { x: point.clientX, y: point.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = touch.current;
        const point = event.changedTouches[0];
        touch.current = null;
        if (!start || !point) return;
        const dx = point.clientX - start.x;
        if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(point.clientY - start.y)) return;
        event.preventDefault(); // no click after a swipe
        const forward = rtl ? dx > 0 : dx < 0;
        go(forward ? 1 : -1);
      }}
    >
      {index < count ? (
        <div className="comic-paged__page" key={index}>
          <ComicPage src={pages[index]?.url ?? ''} index={index} active />
        </div>
      ) : (
        <div className="comic-paged__end">{end}</div>
      )}
    </div>
  );
}
