import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createBottomGuard, shouldLoadMore, type LoadStatus } from '../../lib/paging/paging';
import './paged-list.css';

/** How early (px before the bottom) the next page is requested, so it arrives before the user does. */
const LOAD_AHEAD_PX = 150;

const TEXT_KEY: Record<LoadStatus, string> = {
  more: 'catalogue.footerMore',
  loading: 'catalogue.footerLoading',
  noMore: 'catalogue.footerNoMore',
};

/**
 * The spec's load-more footer ('Pull up to show more' / 'loading...' / 'No more data'). It watches
 * itself: reaching it requests the next page, at most once per 350 ms (spec §9 repeat guard).
 */
export function LoadMoreFooter({ status, onLoadMore }: { status: LoadStatus; onLoadMore: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const loadRef = useRef(onLoadMore);
  const statusRef = useRef(status);
  const guard = useRef(createBottomGuard());
  useEffect(() => {
    loadRef.current = onLoadMore;
    statusRef.current = status;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (shouldLoadMore(statusRef.current) && guard.current(performance.now())) loadRef.current();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // A short first page leaves the footer on screen: no new intersection will fire, so ask again
  // whenever a load finishes while we are still visible.
  useEffect(() => {
    const node = ref.current;
    if (status !== 'more' || !node) return;
    const rect = node.getBoundingClientRect();
    if (rect.top < window.innerHeight + LOAD_AHEAD_PX && guard.current(performance.now())) onLoadMore();
  }, [status, onLoadMore]);

  return (
    <button
      ref={ref}
      type="button"
      className={`load-more load-more--${status}`}
      data-testid="load-more"
      data-status={status}
      disabled={status !== 'more'}
      onClick={onLoadMore}
    >
      {status === 'loading' && <span className="load-more__spinner" aria-hidden="true" />}
      {t(TEXT_KEY[status])}
    </button>
  );
}
