/**
 * Reading and watching time, measured where it happens (the comic and novel readers, the anime
 * player) and reported to the task centre: every minute of active time and when the session ends
 * (leaving the chapter, hiding the app). Time counts only while the page is visible and the reader
 * is active: some input (scroll, touch, key) within `idleMs`, or, for the player, `markActive()`
 * from its time updates while playing. A reader left open on a table stops counting.
 *
 * Only signed-in users report (guests cannot do tasks); the server caps what it accepts anyway.
 * When a session ends, `read_session` is tracked for analytics with its active seconds.
 */
import { useEffect, useMemo, useRef } from 'react';
import { isLoggedIn, sessionStore } from '../state/session';
import { reportReadTime } from '../state/queries/task';
import { trackLater } from './track-later';
import { ReadingMeter } from './reading-meter';

export type ReadingKind = 'comic' | 'novel' | 'anime';

const TICK_MS = 5_000;
const REPORT_EVERY_S = 60;
const INPUT_EVENTS = ['scroll', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

export function useReadingClock({
  kind,
  workId,
  chapterId,
  idleMs = 120_000,
}: {
  kind: ReadingKind;
  workId: number;
  chapterId: number;
  idleMs?: number;
}): { markActive: () => void } {
  const meterRef = useRef<ReadingMeter | null>(null);

  useEffect(() => {
    if (chapterId <= 0) return;
    const meter = new ReadingMeter(Date.now(), idleMs);
    meterRef.current = meter;
    const visible = () => document.visibilityState === 'visible';
    const report = () => {
      meter.tick(Date.now(), visible());
      const seconds = meter.take();
      if (seconds >= 1 && isLoggedIn(sessionStore.get()))
        void reportReadTime(kind, chapterId, seconds).catch(() => {});
    };
    const timer = setInterval(() => {
      meter.tick(Date.now(), visible());
      if (meter.pendingSeconds >= REPORT_EVERY_S) report();
    }, TICK_MS);
    const onInput = () => meter.active(Date.now());
    const onVisibility = () => (visible() ? meter.resume(Date.now()) : report());
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      report();
      meterRef.current = null;
      if (meter.total >= 1)
        trackLater('read_session', {
          params: { kind, work_id: workId, chapter_id: chapterId },
          value: Math.round(meter.total),
        });
    };
  }, [kind, workId, chapterId, idleMs]);

  return useMemo(
    () => ({
      markActive: () => meterRef.current?.active(Date.now()),
    }),
    [],
  );
}
