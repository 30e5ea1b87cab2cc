import { describe, expect, it } from 'vitest';
import { createPositionReporter } from './position-reporter';

/** A fake clock with timers and an "idle" queue that runs when the test says the thread is idle. */
function harness() {
  let clock = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const idleTasks = new Map<number, () => void>();
  const reports: [number, number][] = [];
  const reporter = createPositionReporter((current, percent) => reports.push([current, percent]), {
    now: () => clock,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: clock + ms, fn });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
    idle: (task) => {
      const id = nextId++;
      idleTasks.set(id, task);
      return () => idleTasks.delete(id);
    },
  });
  const advance = (ms: number) => {
    const end = clock + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      clock = due[1].at;
      due[1].fn();
    }
    clock = end;
  };
  const runIdle = () => {
    const tasks = [...idleTasks.values()];
    idleTasks.clear();
    for (const task of tasks) task();
  };
  /** A steady scroll: one frame every 16 ms, a new page every `framesPerPage` frames. */
  const scroll = (frames: number, framesPerPage: number, from = 0) => {
    for (let i = 0; i < frames; i++) {
      const page = from + Math.floor(i / framesPerPage);
      reporter.moved(page, page);
      advance(16);
      runIdle();
    }
  };
  return { reporter, reports, advance, runIdle, scroll };
}

describe('the comic position reported to the reader while scrolling', () => {
  it('does not go out during a steady scroll, however many pages pass', () => {
    const { reports, scroll } = harness();
    // 10 s at 60 frames a second, a new page every 6 frames: 100 pages.
    scroll(600, 6);
    expect(reports).toEqual([]);
  });

  it('goes out once the scroll rests, with the place it rested at', () => {
    const { reports, scroll, advance, runIdle } = harness();
    scroll(20, 6);
    expect(reports).toEqual([]);
    advance(150);
    expect(reports).toEqual([]); // waits for an idle moment
    runIdle();
    expect(reports).toEqual([[3, 3]]);
    advance(5_000);
    runIdle();
    expect(reports).toEqual([[3, 3]]); // nothing new: not reported again
  });

  it('is flushed at once when the reader leaves, and an unchanged place is not sent twice', () => {
    const { reporter, reports, scroll, advance, runIdle } = harness();
    scroll(8, 6, 40);
    reporter.flush();
    expect(reports).toEqual([[41, 41]]);
    reporter.flush();
    expect(reports).toEqual([[41, 41]]);
    // Leaving cancels the pending report: the rest timer does not send it again.
    advance(1_000);
    runIdle();
    expect(reports).toEqual([[41, 41]]);
  });
});
