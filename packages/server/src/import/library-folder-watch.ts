/**
 * Live watching of the folders added in the console, on one instance of a cluster: the instance
 * holding the `library-folder-watch` lease watches every console folder whose watching is on; the
 * others watch none, so a change is imported once (the watcher queues the import on its own
 * instance). Every few seconds the holder renews the lease and compares what it watches with the
 * folder list in the database, so a folder added, removed or switched on another instance is
 * followed within that period (at once on the instance that made the change: `refresh`). When the
 * holder stops, another instance takes the lease over once it expires.
 *
 * LIBRARY_DIR is not handled here: every instance watches it as before (startup-imports.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { LeasesRepository } from '../repositories/leases.repository.js';
import type { LibraryWatchConfig } from './library-watch-config.js';
import type { LibraryWatcher } from './library-watcher.js';

export const FOLDER_WATCH_LEASE = 'library-folder-watch';
/** How often the holder renews the lease and re-reads the folder list. */
export const FOLDER_WATCH_REFRESH_MS = 5_000;
/** A lease not renewed for this long is free (several missed refreshes). */
export const FOLDER_WATCH_LEASE_MS = 30_000;

/** What this needs of the import queue (ImportJobService). */
export interface FolderWatchQueue {
  watch(root: string, config: LibraryWatchConfig): Promise<LibraryWatcher>;
  unwatch(root: string): Promise<void>;
}

export class LibraryFolderWatch {
  private readonly leases: LeasesRepository;
  /** Roots this instance watches for console folders. */
  private readonly watched = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly queue: FolderWatchQueue,
    private readonly config: LibraryWatchConfig,
    private readonly owner: string,
    private readonly log: FastifyBaseLogger,
    /** LIBRARY_DIR, watched on its own terms: never a second watcher on it. */
    private readonly libraryDir: string | null,
  ) {
    this.leases = new LeasesRepository(db);
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), FOLDER_WATCH_REFRESH_MS);
    this.timer.unref();
  }

  /** Brings the watchers in line with the database now (one refresh at a time). */
  refresh(): Promise<void> {
    this.running = this.running
      .then(() => this.sync())
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'library folder watch not refreshed');
      });
    return this.running;
  }

  /** The console folders this instance watches (for the console and tests). */
  roots(): string[] {
    return [...this.watched];
  }

  private async sync(): Promise<void> {
    if (this.closed) return;
    const leader = await this.leases.acquire(
      FOLDER_WATCH_LEASE,
      this.owner,
      Date.now(),
      FOLDER_WATCH_LEASE_MS,
    );
    const wanted = new Set<string>();
    if (leader) {
      const rows = await this.db
        .selectFrom('import_libraries')
        .select('root')
        .where('console', '=', 1)
        .where('watch', '=', 1)
        .where('removed_time', 'is', null)
        .execute();
      for (const row of rows) if (row.root !== this.libraryDir) wanted.add(row.root);
    }
    for (const root of [...this.watched]) {
      if (wanted.has(root)) continue;
      this.watched.delete(root);
      await this.queue.unwatch(root);
    }
    for (const root of wanted) {
      if (this.watched.has(root) || this.closed) continue;
      try {
        await this.queue.watch(root, this.config);
        this.watched.add(root);
      } catch (error) {
        // A folder gone or unreadable: tried again at the next refresh.
        this.log.warn({ err: error, root }, 'library folder cannot be watched');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.watched.clear();
    await this.leases
      .release(FOLDER_WATCH_LEASE, this.owner)
      .catch((error: unknown) => this.log.warn({ err: error }, 'library folder watch lease not released'));
  }
}
