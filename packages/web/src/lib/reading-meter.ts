/**
 * The arithmetic of reading time, apart from timers and the DOM so it can be tested: active
 * seconds grow only while the page is visible and there was activity within `idleMs`; one step
 * never adds more than MAX_STEP_S (a background tab's timers fire late); a hidden span never
 * counts. `take()` hands out whole seconds to report and keeps the fraction.
 */
export const MAX_STEP_S = 10;

export class ReadingMeter {
  private lastTick: number;
  private lastActive: number;
  private pending = 0;
  /** All active seconds of this session (for analytics). */
  total = 0;

  constructor(
    now: number,
    private readonly idleMs: number,
  ) {
    this.lastTick = now;
    this.lastActive = now;
  }

  /** Some input, or the player playing. */
  active(now: number): void {
    this.lastActive = now;
  }

  /** Counts the time since the last tick if it was active time. */
  tick(now: number, visible: boolean): void {
    const step = Math.min(Math.max(0, now - this.lastTick) / 1000, MAX_STEP_S);
    this.lastTick = now;
    if (visible && now - this.lastActive < this.idleMs) {
      this.pending += step;
      this.total += step;
    }
  }

  /** The page became visible again: the hidden span is skipped. */
  resume(now: number): void {
    this.lastTick = now;
  }

  get pendingSeconds(): number {
    return this.pending;
  }

  /** Whole seconds not yet reported (the fraction stays for the next report). */
  take(): number {
    const seconds = Math.floor(this.pending);
    this.pending -= seconds;
    return seconds;
  }
}
