/**
 * Runs `task` once: when `ready` settles (resolved or rejected), or after `capMs`, whichever comes
 * first. `boot.ts` holds the app's code this way until the landing page's calls are out, without
 * ever holding it for longer than the cap.
 */
export function runWhenReady(ready: Promise<unknown>, capMs: number, task: () => void): void {
  let ran = false;
  const runOnce = () => {
    if (ran) return;
    ran = true;
    clearTimeout(timer);
    task();
  };
  const timer = setTimeout(runOnce, capMs);
  ready.then(runOnce, runOnce);
}
