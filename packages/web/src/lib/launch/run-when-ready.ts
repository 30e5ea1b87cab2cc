import { nextTask } from '../next-task';

/**
 * Runs `task` once: when `ready` settles (resolved or rejected), or after `capMs`, whichever comes
 * first. `boot.ts` holds the app's code this way until the landing page's calls are out, without
 * ever holding it for longer than the cap.
 *
 * The task runs in a task of its own, not in the microtasks of the one that settled `ready`: that
 * one is the init answer's handler, which opens the answer and seals the landing call, and the app's
 * dynamic imports (Vite adds a preload link for each chunk and style) would make it one of the
 * launch's longest tasks, ≈ 110 ms at a 4× slower CPU.
 */
export function runWhenReady(ready: Promise<unknown>, capMs: number, task: () => void): void {
  let ran = false;
  const runOnce = () => {
    if (ran) return;
    ran = true;
    clearTimeout(timer);
    task();
  };
  // The timer's callback is a task of its own already.
  const timer = setTimeout(runOnce, capMs);
  const runInNextTask = () => void nextTask().then(runOnce);
  ready.then(runInNextTask, runInNextTask);
}
