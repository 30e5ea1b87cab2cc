import { isXfilePath } from '@dm51/shared';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { loadImageUrl } from '../xfile-image/use-xfile-image';
import { mediaUrl } from '../../lib/media-url';
import type { NovelPrefs } from './reader-prefs';
import { htmlOpensWithTitle } from './chapter-title';
import { tapAction } from './tap-zones';
import {
  domOffsetAtPoint,
  domTextLength,
  domToTextOffset,
  pageOfX,
  rectAtDomOffset,
  textToDomOffset,
} from './text-position';

/** Side padding of the text; in the paged mode the column gap is twice this, so pages line up. */
const PAD = 20;
const HIDE_BARS_SCROLL_PX = 24;

interface NovelViewProps {
  title: string;
  html: string;
  textLength: number;
  prefs: NovelPrefs;
  startPosition: number;
  onPosition: (position: number, percent: number) => void;
  onToggleBars: () => void;
  onScrollDown: () => void;
  end: ReactNode;
}

/** Images in chapter HTML carry API paths: resolve them, decoding `_xfile` ones. */
function useChapterImages(root: HTMLElement | null, html: string): void {
  useEffect(() => {
    if (!root) return;
    let live = true;
    for (const img of Array.from(root.querySelectorAll('img'))) {
      const src = img.getAttribute('data-src') ?? img.getAttribute('src') ?? '';
      img.setAttribute('data-src', src);
      img.loading = 'lazy';
      if (isXfilePath(src)) {
        img.removeAttribute('src');
        loadImageUrl(src).then(
          (url) => live && (img.src = url),
          () => undefined,
        );
      } else img.src = mediaUrl(src);
    }
    return () => {
      live = false;
    };
  }, [root, html]);
}

/**
 * A novel chapter in the reader's font, spacing and theme, scrolling or in pages (CSS columns).
 * Reports the reading place as a character offset and restores it after layout changes, so a
 * bigger font keeps the same sentence at the top.
 */
export function NovelView({
  title,
  html,
  textLength,
  prefs,
  startPosition,
  onPosition,
  onToggleBars,
  onScrollDown,
  end,
}: NovelViewProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const articleRef = useRef<HTMLElement | null>(null);
  const anchor = useRef(startPosition);
  const [page, setPage] = useState(0);
  const [pageCount, setPageCount] = useState(1);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const paged = prefs.flow === 'paged';
  const lastY = useRef(0);
  const callbacks = useRef({ onPosition, onScrollDown });
  useEffect(() => {
    callbacks.current = { onPosition, onScrollDown };
  });
  const [article, setArticle] = useState<HTMLElement | null>(null);
  useChapterImages(article, html);

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  /** The place at the top-left of what is on screen. */
  const readPlace = (): number | null => {
    const viewport = viewportRef.current;
    const text = articleRef.current;
    if (!viewport || !text) return null;
    const box = viewport.getBoundingClientRect();
    const dom = domOffsetAtPoint(text, box.left + PAD + 2, box.top + (paged ? PAD : 8) + 2);
    if (dom === null) return null;
    return domToTextOffset(dom, domTextLength(text), textLength);
  };

  const report = (percent: number) => {
    const place = readPlace();
    if (place === null) return;
    anchor.current = place;
    callbacks.current.onPosition(place, percent);
  };

  // Restore the anchor whenever the layout changes (mount, font, spacing, flow, size).
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const content = contentRef.current;
    const text = articleRef.current;
    if (!viewport || !content || !text || size.width === 0) return;
    const rect = rectAtDomOffset(text, textToDomOffset(anchor.current, textLength, domTextLength(text)));
    if (paged) {
      const stride = size.width;
      const count = Math.max(1, Math.ceil(content.scrollWidth / stride));
      setPageCount(count);
      const left = rect ? rect.left - content.getBoundingClientRect().left : 0;
      setPage(anchor.current > 0 ? pageOfX(left, stride, count) : 0);
    } else if (rect && anchor.current > 0) {
      viewport.scrollTop += rect.top - viewport.getBoundingClientRect().top - 8;
    } else viewport.scrollTop = 0;
    lastY.current = viewport.scrollTop;
  }, [paged, prefs.fontSize, prefs.lineHeight, size.width, size.height, html, textLength]);

  // Scroll mode: report the place as the reader scrolls.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || paged) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = viewport.scrollTop;
      const max = viewport.scrollHeight - viewport.clientHeight;
      report(max <= 0 ? 100 : Math.round(((y + viewport.clientHeight) / viewport.scrollHeight) * 100));
      if (y - lastY.current > HIDE_BARS_SCROLL_PX) callbacks.current.onScrollDown();
      if (Math.abs(y - lastY.current) > HIDE_BARS_SCROLL_PX) lastY.current = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    const first = requestAnimationFrame(update);
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(first);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report reads refs
  }, [paged, textLength]);

  // Paged mode: report after each page turn (once the transform has applied).
  useEffect(() => {
    if (!paged) return;
    const frame = requestAnimationFrame(() => report(Math.round(((page + 1) / pageCount) * 100)));
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report reads refs
  }, [paged, page, pageCount]);

  const turn = (delta: number) => setPage((p) => Math.max(0, Math.min(pageCount - 1, p + delta)));

  const style = { fontSize: prefs.fontSize, lineHeight: prefs.lineHeight };
  return (
    <div
      ref={viewportRef}
      className={`novel-view novel-view--${paged ? 'paged' : 'scroll'}`}
      data-testid="novel-view"
      data-page={page}
      data-pages={pageCount}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const action = paged ? tapAction(event.clientX - box.left, box.width, 'ltr') : 'toggle';
        if (action === 'toggle') onToggleBars();
        else turn(action === 'next' ? 1 : -1);
      }}
    >
      <div
        ref={contentRef}
        className="novel-view__content"
        style={
          paged
            ? {
                height: size.height,
                columnWidth: Math.max(1, size.width - 2 * PAD),
                columnGap: 2 * PAD,
                columnFill: 'auto',
                padding: `${PAD}px ${PAD}px`,
                transform: `translateX(${-page * size.width}px)`,
              }
            : { padding: `56px ${PAD}px 0` }
        }
      >
        {!htmlOpensWithTitle(html, title) && (
          <h1 className="novel-view__title" style={{ fontSize: prefs.fontSize + 4 }}>
            {title}
          </h1>
        )}
        <article
          ref={(node) => {
            articleRef.current = node;
            setArticle(node);
          }}
          className="novel-view__text"
          data-testid="novel-text"
          style={style}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {end}
      </div>
    </div>
  );
}
