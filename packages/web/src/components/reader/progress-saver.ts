import { DEBOUNCE_MS } from '@dm51/shared';

export interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ProgressSaver<P> {
  /** The reader moved: save once it has rested for the debounce delay. */
  update(progress: P): void;
  /** Leaving (unmount, chapter change, tab hidden): save now if anything is unsaved. */
  flush(): void;
  /** Stop without saving (the chapter failed to open). */
  cancel(): void;
}

/**
 * Debounced progress saving (spec §9: 500 ms): a steady scroll makes one save when it stops, and
 * leaving saves at once. A place equal to the last saved one is never sent again.
 */
export function createProgressSaver<P>(
  save: (progress: P) => void,
  options: { delayMs?: number; same?: (a: P, b: P) => boolean; timers?: Timers } = {},
): ProgressSaver<P> {
  const delay = options.delayMs ?? DEBOUNCE_MS;
  const same = options.same ?? ((a: P, b: P) => JSON.stringify(a) === JSON.stringify(b));
  const timers = options.timers ?? realTimers;
  let pending: P | null = null;
  let saved: P | null = null;
  let handle: unknown = null;

  const commit = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
    if (pending === null) return;
    const next = pending;
    pending = null;
    if (saved !== null && same(saved, next)) return;
    saved = next;
    save(next);
  };

  return {
    update(progress) {
      pending = progress;
      if (handle !== null) timers.clear(handle);
      handle = timers.set(commit, delay);
    },
    flush: commit,
    cancel() {
      if (handle !== null) timers.clear(handle);
      handle = null;
      pending = null;
    },
  };
}
