/**
 * Runs `task` once the main thread is idle, at the latest after `maxDelayMs`; returns a cancel.
 * Where `requestIdleCallback` is missing (Safari), a timer of `maxDelayMs / 4` stands in for it.
 */
export function whenIdle(task: () => void, maxDelayMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: maxDelayMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, Math.round(maxDelayMs / 4));
  return () => clearTimeout(handle);
}
