/**
 * Resolves in a new task of the main thread, so the work after `await nextTask()` does not lengthen
 * the task before it (on a slow phone the launch's long tasks are its total blocking
 * time; a tap waits for the task under way to end, however it is split inside).
 *
 * `scheduler.yield()` where the browser has it: its continuation runs before other queued tasks of
 * the same priority, so splitting costs the launch no place in the queue. Elsewhere a zero-delay
 * timeout.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
