import { whenIdle } from './when-idle';

/**
 * How the comic scroll view's position reaches the reader (top bar "12 / 300", progress saver):
 * only a change, once the scroll has rested for `restMs`, and then at an idle moment (waiting at
 * most `idleWaitMs`). Each report re-renders the whole reader; once per page was a dropped frame
 * per page on a slow phone. The saver waits for 500 ms of rest after a report, so it
 * still saves once per pause, never during a steady scroll (a report every second would have
 * saved every second and a half); leaving or hiding the page reports at once (`flush`).
 */
export interface PositionReporterOptions {
  restMs?: number;
  idleWaitMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Runs the task when idle (at the latest after `maxDelayMs`); returns a cancel. */
  idle?: (task: () => void, maxDelayMs: number) => () => void;
}

export interface PositionReporter {
  /** The scroll moved (every scrolled frame): the position there. */
  moved(current: number, percent: number): void;
  /** Tells the reader the position not yet reported, now (leaving, tab hidden, first position). */
  flush(): void;
  /** Stops the timers (the view goes away), without reporting. */
  stop(): void;
}

export const POSITION_REST_MS = 150;
export const POSITION_IDLE_WAIT_MS = 250;

export function createPositionReporter(
  report: (current: number, percent: number) => void,
  options: PositionReporterOptions = {},
): PositionReporter {
  const restMs = options.restMs ?? POSITION_REST_MS;
  const idleWaitMs = options.idleWaitMs ?? POSITION_IDLE_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const idle = options.idle ?? whenIdle;

  let reported = { current: -1, percent: -1 };
  let next = reported;
  let movedAt = 0;
  let timer: unknown = null;
  let cancelIdle: (() => void) | null = null;

  const stop = () => {
    if (timer !== null) clearTimer(timer);
    cancelIdle?.();
    timer = null;
    cancelIdle = null;
  };
  const flush = () => {
    stop();
    if (next.current === reported.current && next.percent === reported.percent) return;
    reported = next;
    report(next.current, next.percent);
  };
  const check = () => {
    timer = null;
    const at = now();
    const rest = restMs - (at - movedAt);
    if (rest <= 0) cancelIdle = idle(flush, idleWaitMs);
    else timer = setTimer(check, rest);
  };

  return {
    moved(current, percent) {
      movedAt = now();
      if (current === next.current && percent === next.percent) return;
      next = { current, percent };
      if (timer === null && cancelIdle === null) timer = setTimer(check, restMs);
    },
    flush,
    stop,
  };
}
