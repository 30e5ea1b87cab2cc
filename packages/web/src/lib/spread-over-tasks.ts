import { nextTask } from './next-task';

/**
 * Starts work a few items per task of the main thread. When home's landing image is in, every cover
 * held back for it starts at once: a dozen `fetch` calls (each ≈ 0.6 ms on a desktop, four to eight
 * times that on a phone) in the one task that released them would make it the longest of home's
 * first load after its banner. Spread over tasks, each ends within a few milliseconds and a tap in
 * between is answered; the requests still leave within a millisecond or two of each other
 * (`nextTask` continues ahead of other queued tasks).
 *
 * Returns `spread(start)`: runs `start` now while fewer than `perTask` have started in this task,
 * else in a following task, and settles as the promise `start` returns.
 */
export function spreadOverTasks(perTask: number): <T>(start: () => Promise<T>) => Promise<T> {
  if (!(perTask >= 1)) throw new RangeError('perTask must be at least 1');
  let startedThisTask = 0;
  let turnScheduled = false;
  const waiting: Array<() => void> = [];

  // The next task: a fresh allowance, spent on those waiting first (in the order they came).
  const nextTurn = () => {
    startedThisTask = 0;
    while (waiting.length > 0 && startedThisTask < perTask) {
      startedThisTask += 1;
      waiting.shift()!();
    }
    if (waiting.length > 0) void nextTask().then(nextTurn);
    else turnScheduled = false;
  };
  const scheduleTurn = () => {
    if (turnScheduled) return;
    turnScheduled = true;
    void nextTask().then(nextTurn);
  };

  return <T>(start: () => Promise<T>): Promise<T> => {
    scheduleTurn();
    if (waiting.length === 0 && startedThisTask < perTask) {
      startedThisTask += 1;
      return start();
    }
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        try {
          start().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
    });
  };
}
