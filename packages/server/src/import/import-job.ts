/**
 * An import job as its queue (import-job.service.ts), the console and the library watcher see it;
 * its own module because the queue starts the watcher, so the watcher cannot import the queue.
 */
import type { ImportProgress, ImportSummary } from './import-types.js';

export type ImportJobState = 'queued' | 'running' | 'done' | 'failed';

export interface ImportJob {
  id: number;
  root: string;
  demo: boolean;
  /** Files written to more recently than this are waited for (server imports of LIBRARY_DIR). */
  settleMs: number;
  /** An empty folder is refused rather than emptying the catalogue (LIBRARY_DIR imports). */
  keepWhenEmpty: boolean;
  /**
   * An automatic import (the start-up one, the watcher's) that finds another instance importing
   * leaves no row: that instance's run covers the folder, so a failed job would be noise.
   */
  quietWhenBusyElsewhere: boolean;
  /** The job did not run because another instance held the import lock. */
  busyElsewhere: boolean;
  /** Read every file again (the console's full rescan), decided inside the run under the lock. */
  rereadAll: boolean;
  /** Wait behind another instance's (or the CLI's) import instead of failing (an operator's scan). */
  waitForLock: boolean;
  /** Take the folder's works out of the catalogue instead of reading it (a removed console folder). */
  removeAll: boolean;
  state: ImportJobState;
  progress: ImportProgress | null;
  summary: ImportSummary | null;
  reason: string | null;
  queuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}
