import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { afterLanding } from '../../lib/after-landing';
import { startDecodeWorker } from '../xfile-image/decode-worker';
import { preloadImage } from '../xfile-image/use-xfile-image';
import { ComicPage } from './ComicPage';
import { chapterPercent, pageTops, pageWindow, type PageWindow } from './page-window';
import type { ComicPage as ComicPageData } from '@dm51/shared';

/** Pages rendered beyond the visible ones on each side; the DOM never holds more than a few. */
const OVERSCAN = 2;
/** A downward scroll of this much hides the bars (WEBTOON habit: reading hides the chrome). */
const HIDE_BARS_SCROLL_PX = 24;

interface ScrollViewProps {
  pages: readonly ComicPageData[];
  startPage: number;
  onPosition: (current: number, percent: number) => void;
  onTap: (x: number, width: number) => void;
  onScrollDown: () => void;
  onNearEnd: () => void;
  end: ReactNode;
}

/** Indexes of the rows in the DOM: the window's pages and OVERSCAN more on each side. */
function renderedRange(win: PageWindow, count: number): number[] {
  const rows: number[] = [];
  const last = Math.min(count - 1, win.last + OVERSCAN);
  for (let i = Math.max(0, win.first - OVERSCAN); i <= last; i++) rows.push(i);
  return rows;
}

function sameWindow(a: PageWindow, b: PageWindow): boolean {
  return a.first === b.first && a.last === b.last && a.current === b.current;
}

/**
 * The webtoon mode: one continuous, virtualised column. Page heights come from the pages' pixel
 * sizes at the column width, so the scroll height is exact before any image loads and resuming at
 * page N lands on page N.
 *
 * The rows rendered follow the page window computed once per animation frame (binary search over
 * `tops`), so React renders only when a page enters or leaves it — a few times per screen — not on
 * every scroll event (a generic virtualiser re-rendered the list synchronously per event, which
 * was most of the reader's script per frame on a slow phone; issue 16).
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
  const [win, setWin] = useState(() => pageWindow(tops, tops[startPage] ?? 0, window.innerHeight));
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

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = element.scrollTop;
      const next = pageWindow(tops, y, element.clientHeight);
      setWin((previous) => (sameWindow(previous, next) ? previous : next));
      callbacks.current.onPosition(next.current, chapterPercent(tops, y, element.clientHeight));
      if (y - lastY.current > HIDE_BARS_SCROLL_PX) callbacks.current.onScrollDown();
      if (Math.abs(y - lastY.current) > HIDE_BARS_SCROLL_PX) lastY.current = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [tops]);

  // The pages beyond the screen: after the landing page's paint on a first load (issue 16).
  useEffect(() => {
    let live = true;
    void afterLanding().then(() => {
      if (!live) return;
      for (const index of win.preload) preloadImage(pages[index]?.url ?? '');
      if (win.preloadNextChapter) callbacks.current.onNearEnd();
    });
    return () => {
      live = false;
    };
  }, [win, pages]);

  return (
    <div
      ref={scrollRef}
      className="comic-scroll"
      data-testid="comic-scroll"
      data-current={win.current}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onTap(event.clientX - box.left, box.width);
      }}
    >
      <div className="comic-scroll__column" style={{ height: tops[pages.length] ?? 0 }}>
        {renderedRange(win, pages.length).map((index) => (
          <div
            key={index}
            className="comic-scroll__item"
            style={{
              height: (tops[index + 1] ?? 0) - (tops[index] ?? 0),
              transform: `translateY(${tops[index] ?? 0}px)`,
            }}
          >
            <ComicPage
              src={pages[index]?.url ?? ''}
              index={index}
              active={index >= win.first && index <= win.last}
            />
          </div>
        ))}
      </div>
      {end}
    </div>
  );
}
