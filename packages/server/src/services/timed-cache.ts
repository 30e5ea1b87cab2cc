/**
 * A value read from the database and kept for a few seconds, as the settings services keep theirs.
 * `invalidate()` (a console save here, or one published by another instance) drops it, and a read
 * that began before the drop does not store what it read: it may predate the change, and storing
 * it would serve the old value for another `ttlMs`. Its own caller still gets that answer.
 */
export class TimedCache<T> {
  private entry: { value: T; expires: number } | null = null;
  private lastKept: T | undefined;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The kept value while it is fresh, else `load()`'s answer (kept unless invalidated meanwhile). */
  async get(load: () => Promise<T>): Promise<T> {
    if (this.entry && this.entry.expires > this.clock()) return this.entry.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      this.entry = { value, expires: this.clock() + this.ttlMs };
      this.lastKept = value;
    }
    return value;
  }

  /** The last value kept, even once expired or invalidated: for answers that cannot wait for a read. */
  last(): T | undefined {
    return this.lastKept;
  }

  /** True while a kept value is fresh (no read needed). */
  isFresh(): boolean {
    return this.entry !== null && this.entry.expires > this.clock();
  }

  invalidate(): void {
    this.entry = null;
    this.generation += 1;
  }
}
