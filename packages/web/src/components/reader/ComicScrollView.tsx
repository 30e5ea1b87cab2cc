import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { afterLanding } from '../../lib/after-landing';
import { startDecodeWorker } from '../xfile-image/decode-worker';
import { preloadImage } from '../xfile-image/use-xfile-image';
import { ComicPage } from './ComicPage';
import { chapterPercent, pageTops, pageWindow, type PageWindow } from './page-window';
import { createPositionReporter } from './position-reporter';
import { whenIdle } from './when-idle';
import type { ComicPage as ComicPageData } from '@dm51/shared';

/** Pages rendered beyond the visible ones on each side; the DOM never holds more than a few. */
const OVERSCAN = 2;
/** A downward scroll of this much hides the bars (WEBTOON habit: reading hides the chrome). */
const HIDE_BARS_SCROLL_PX = 24;
/** The pages ahead are warmed at an idle moment, waiting at most this long. */
const PRELOAD_IDLE_WAIT_MS = 250;

interface ScrollViewProps {
  pages: readonly ComicPageData[];
  startPage: number;
  onPosition: (current: number, percent: number) => void;
  onTap: (x: number, width: number) => void;
  onScrollDown: () => void;
  onNearEnd: () => void;
  end: ReactNode;
}

/** The pages whose boxes are in the DOM (`first`..`last` plus OVERSCAN) and which of them show their image. */
interface Rows {
  first: number;
  last: number;
}

function rowsOf(win: PageWindow): Rows {
  return { first: win.first, last: win.last };
}

/** One page's box at its reserved place and height; renders only when one of its props changes. */
const PageRow = memo(function PageRow({
  index,
  top,
  height,
  src,
  active,
}: {
  index: number;
  top: number;
  height: number;
  src: string;
  active: boolean;
}) {
  return (
    <div className="comic-scroll__item" style={{ height, transform: `translateY(${top}px)` }}>
      <ComicPage src={src} index={index} active={active} />
    </div>
  );
});

/**
 * The webtoon mode: one continuous, virtualised column. Page heights come from the pages' pixel
 * sizes at the column width, so the scroll height is exact before any image loads and resuming at
 * page N lands on page N.
 *
 * Per scrolled frame (so a slow phone keeps up) the view only computes the page window (binary
 * search over `tops`) and writes `data-current`; React renders the column only when a page enters
 * or leaves the window, and the rows are one memoised element, so a re-render of the reader around
 * it does not touch them. The position goes to the reader (top bar, progress saver) when the scroll rests, at
 * an idle moment, and the pages ahead are warmed when idle too, so neither lands in a frame that is
 * busy scrolling.
 */
export function ComicScrollView({
  pages,
  startPage,
  onPosition,
  onTap,
  onScrollDown,
  onNearEnd,
  end,
}: ScrollViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(() =>
    Math.min(window.innerWidth, document.documentElement.clientWidth || 9999),
  );
  const tops = useMemo(() => pageTops(pages, width), [pages, width]);
  const [initial] = useState(() => pageWindow(tops, tops[startPage] ?? 0, window.innerHeight));
  const [rows, setRows] = useState<Rows>(() => rowsOf(initial));
  const rowsRef = useRef(rows);
  const rowsTops = useRef(tops);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  const win = useRef(initial);
  const lastY = useRef(0);
  const callbacks = useRef({ onPosition, onScrollDown, onNearEnd });
  useEffect(() => {
    callbacks.current = { onPosition, onScrollDown, onNearEnd };
  });

  // Pages are fetched and XOR-decoded off the main thread while the list scrolls; on a first load
  // the worker starts once the first page has painted (it would compete with that page's image).
  useEffect(() => {
    void afterLanding().then(startDecodeWorker);
  }, []);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Resume: land on the saved page once, before the first paint.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && startPage > 0) element.scrollTop = tops[startPage] ?? 0;
    lastY.current = element?.scrollTop ?? 0;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on mount
  }, []);

  // The position reported to the reader (top bar, progress saver): only a change, once the scroll
  // has rested, at an idle moment — each report re-renders the whole reader, which on a slow phone
  // costs a frame. What is still unreported goes out at once when the view goes away or the page is hidden
  // (before the saver flushes on the same events: this view's listeners are added first).
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const reporter = createPositionReporter((current, percent) =>
      callbacks.current.onPosition(current, percent),
    );
    const deliver = () => reporter.flush();

    let shown = rowsRef.current;
    // New page heights (the column's width changed): the rows are worked out again at once.
    let stale = rowsTops.current !== tops;
    rowsTops.current = tops;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = element.scrollTop;
      const height = element.clientHeight;
      const nextWin = pageWindow(tops, y, height);
      const previous = win.current;
      win.current = nextWin;
      // A page coming into reach is rendered (and its image asked for) at once; one going out of
      // reach waits for the next change, so a steady scroll renders once per page, not twice.
      if (stale || nextWin.first < shown.first || nextWin.last > shown.last) {
        stale = false;
        shown = rowsOf(nextWin);
        setRows(shown);
      }
      if (nextWin.current !== previous.current || element.dataset['current'] === undefined)
        element.dataset['current'] = String(nextWin.current);
      reporter.moved(nextWin.current, chapterPercent(tops, y, height));
      if (y - lastY.current > HIDE_BARS_SCROLL_PX) callbacks.current.onScrollDown();
      if (Math.abs(y - lastY.current) > HIDE_BARS_SCROLL_PX) lastY.current = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') deliver();
    };
    update();
    // The first position (resume, or the chapter's start) is the reader's at once.
    deliver();
    element.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', deliver);
    return () => {
      element.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', deliver);
      if (frame !== 0) cancelAnimationFrame(frame);
      deliver();
    };
  }, [tops]);

  // The pages beyond the screen, when idle (and after the landing page's paint on a first load).
  useEffect(() => {
    let cancel: (() => void) | null = null;
    let live = true;
    void afterLanding().then(() => {
      if (!live) return;
      cancel = whenIdle(() => {
        const current = win.current;
        for (const index of current.preload) preloadImage(pages[index]?.url ?? '');
        if (current.preloadNextChapter) callbacks.current.onNearEnd();
      }, PRELOAD_IDLE_WAIT_MS);
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [rows, pages]);

  // One element for all rows: rebuilt only when the window or the layout changes. Each row is a
  // memoised component with plain props, so only the row entering (and the one turning active)
  // renders; the others bail out without diffing their boxes.
  const column = useMemo(() => {
    const boxes: ReactNode[] = [];
    const last = Math.min(pages.length - 1, rows.last + OVERSCAN);
    for (let index = Math.max(0, rows.first - OVERSCAN); index <= last; index++)
      boxes.push(
        <PageRow
          key={index}
          index={index}
          top={tops[index] ?? 0}
          height={(tops[index + 1] ?? 0) - (tops[index] ?? 0)}
          src={pages[index]?.url ?? ''}
          active={index >= rows.first && index <= rows.last}
        />,
      );
    return (
      <div className="comic-scroll__column" style={{ height: tops[pages.length] ?? 0 }}>
        {boxes}
      </div>
    );
  }, [rows, tops, pages]);

  return (
    <div
      ref={scrollRef}
      className="comic-scroll"
      data-testid="comic-scroll"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onTap(event.clientX - box.left, box.width);
      }}
    >
      {column}
      {end}
    </div>
  );
}
