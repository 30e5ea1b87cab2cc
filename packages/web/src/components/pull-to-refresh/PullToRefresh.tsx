import { PULL_TO_REFRESH } from '@dm51/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { phaseOnRelease, phaseWhilePulling, pullDistance, restingOffset, type PullPhase } from './pull-state';
import './pull-to-refresh.css';

const RESTORE_MS = 300;

interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
  /** Off for pages the spec does not list (spec §2). */
  disabled?: boolean;
}

/**
 * Touch pull-to-refresh on the page scroll (spec §2, §4, §9): head 70 px, range 150, colour
 * #2BD009. Only starts when the page is scrolled to the very top, so it never fights a scroll.
 */
export function PullToRefresh({ onRefresh, children, disabled = false }: PullToRefreshProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<PullPhase>('idle');
  const [offset, setOffset] = useState(0);
  const phaseRef = useRef<PullPhase>('idle');
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root || disabled) return;
    let startY: number | null = null;
    const set = (next: PullPhase, distance: number) => {
      phaseRef.current = next;
      setPhase(next);
      setOffset(distance);
    };
    const onStart = (event: TouchEvent) => {
      if (phaseRef.current === 'refreshing' || window.scrollY > 0) return;
      startY = event.touches[0]?.clientY ?? null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const delta = (event.touches[0]?.clientY ?? startY) - startY;
      if (delta <= 0 || window.scrollY > 0) {
        if (phaseRef.current !== 'idle') set('idle', 0);
        return;
      }
      // Our gesture now: keep the browser from scrolling or bouncing the page.
      if (event.cancelable) event.preventDefault();
      const distance = pullDistance(delta);
      set(phaseWhilePulling(distance), distance);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      const next = phaseOnRelease(phaseRef.current);
      set(next, restingOffset(next));
      if (next === 'aborting') window.setTimeout(() => set('idle', 0), RESTORE_MS);
      if (next !== 'refreshing') return;
      void refreshRef
        .current()
        .catch(() => undefined)
        .finally(() => {
          set('restoring', 0);
          window.setTimeout(() => set('idle', 0), RESTORE_MS);
        });
    };
    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, [disabled]);

  const following = phase === 'pulling' || phase === 'reached';
  const label =
    phase === 'reached'
      ? t('catalogue.pullRelease')
      : phase === 'refreshing'
        ? t('catalogue.pullRefreshing')
        : phase === 'restoring'
          ? t('catalogue.pullDone')
          : t('catalogue.pullDown');
  return (
    <div ref={rootRef} className="ptr" data-testid="pull-to-refresh" data-phase={phase}>
      <div
        className="ptr__head"
        style={{ height: PULL_TO_REFRESH.height, color: PULL_TO_REFRESH.color, opacity: offset > 0 ? 1 : 0 }}
        aria-hidden={phase === 'idle'}
      >
        <span className={`ptr__spinner${phase === 'refreshing' ? ' ptr__spinner--on' : ''}`} />
        <span>{label}</span>
      </div>
      <div
        className="ptr__body"
        style={{
          transform: offset > 0 ? `translateY(${offset}px)` : undefined,
          transition: following ? 'none' : `transform ${RESTORE_MS}ms ease`,
        }}
      >
        {children}
      </div>
    </div>
  );
}
