/** A one-line progress bar on a TTY (stderr), redrawn at most ten times a second. */
import type { ImportProgress } from '../import/import-types.js';

export class ProgressBar {
  private last = 0;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(progress: ImportProgress): void {
    const now = Date.now();
    if (now - this.last < 100 && progress.phase === 'importing' && progress.done < progress.total) return;
    this.last = now;
    const width = 28;
    const ratio = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
    const filled = Math.round(ratio * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
    const columns = this.stream.columns ?? 100;
    const label = progress.phase === 'importing' ? `${progress.done}/${progress.total}` : progress.phase;
    const current = progress.current ?? '';
    const line = `${bar} ${label} ${current}`;
    this.stream.write(
      `\r${line.length > columns - 1 ? `${line.slice(0, columns - 2)}…` : line.padEnd(columns - 1)}`,
    );
  }

  clear(): void {
    this.stream.write(`\r${' '.repeat((this.stream.columns ?? 100) - 1)}\r`);
  }
}
