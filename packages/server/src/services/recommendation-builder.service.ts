/**
 * The background job behind "for you" and "readers of this also read": item-to-item co-occurrence
 * over reading history and shelves, normalised as a cosine (readers of both / √(readers of one ×
 * readers of the other)), pairs with fewer than `minSupport` shared readers left out, each work's
 * best `perWork` kept in work_similar.
 *
 * It runs in batches of anchor works, so memory stays bounded at any catalogue size, and each
 * batch replaces its works' lists in one transaction. In a cluster the job queue runs it on one
 * instance per period (jobs/periodic.ts); the `recommendations` lease (migration 0031) also keeps
 * a run that outlasts its period from overlapping the next one on another instance. The console's
 * "Rebuild now" starts a run at once (or joins the one under way here).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LeasesRepository } from '../repositories/leases.repository.js';
import type {
  PairCount,
  RecommendationBuildRepository,
  SimilarRow,
} from '../repositories/recommendation-build.repository.js';

export interface BuildOptions {
  /** Fewest shared readers for a pair to count (one shared reader is chance, not taste). */
  minSupport: number;
  /** Similar works kept per work. */
  perWork: number;
  /** A reader's most recent works considered. */
  perReaderCap: number;
  /** Anchor works per batch (one pair query and one transaction each). */
  batchSize: number;
}

export const DEFAULT_BUILD_OPTIONS: BuildOptions = {
  minSupport: 2,
  perWork: 50,
  perReaderCap: 200,
  batchSize: 500,
};

export interface BuildResult {
  /** False when another instance holds the lease (nothing was done). */
  ran: boolean;
  works: number;
  pairs: number;
  dropped: number;
  /** When the run finished (unix s) and how long it took; 0 when it did not run. */
  finishedTime: number;
  tookMs: number;
}

/** The last finished run, kept in settings so every instance (and the console) reads the same. */
export type LastRun = Omit<BuildResult, 'ran'>;

const LEASE = 'recommendations';
const LEASE_MS = 10 * 60_000;
const SCALE = 1_000_000;

/** The cosine of two reader sets of sizes a and b sharing `together` readers, × SCALE, rounded. */
export function cosineScore(together: number, a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return Math.round((together / Math.sqrt(a * b)) * SCALE);
}

export class RecommendationBuilder {
  constructor(
    private readonly repo: RecommendationBuildRepository,
    private readonly leases: LeasesRepository,
    private readonly owner: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: BuildOptions = DEFAULT_BUILD_OPTIONS,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The run under way in this instance: the lease is per instance, so it cannot keep two apart. */
  private current: Promise<BuildResult> | null = null;

  async run(): Promise<BuildResult> {
    return this.start().result;
  }

  /**
   * Starts a run, or joins the one this instance is already running (`joined`): the scheduled run
   * and an operator's "rebuild now", or two clicks at once, make one run. Another instance's run
   * holds the lease, and this one answers `ran: false`.
   */
  start(): { result: Promise<BuildResult>; joined: boolean } {
    if (this.current) return { result: this.current, joined: true };
    const result = this.leasedRun().finally(() => {
      this.current = null;
    });
    this.current = result;
    return { result, joined: false };
  }

  /** The last finished run of any instance; null before the first. */
  lastRun(): Promise<LastRun | null> {
    return this.repo.lastRun();
  }

  private async leasedRun(): Promise<BuildResult> {
    if (!(await this.leases.acquire(LEASE, this.owner, this.clock(), LEASE_MS))) {
      this.log.info({ module: 'recommendations' }, 'another instance is building recommendations');
      return { ran: false, works: 0, pairs: 0, dropped: 0, finishedTime: 0, tookMs: 0 };
    }
    try {
      return await this.build();
    } finally {
      await this.leases.release(LEASE, this.owner);
    }
  }

  private async build(): Promise<BuildResult> {
    const { minSupport, perWork, perReaderCap, batchSize } = this.options;
    const startMs = this.clock();
    const runStart = Math.floor(startMs / 1000);
    const readers = await this.repo.readerCounts(perReaderCap);
    const anchors = [...readers.keys()].sort((a, b) => a - b);
    let pairs = 0;
    for (let i = 0; i < anchors.length; i += batchSize) {
      const batch = anchors.slice(i, i + batchSize);
      const counts = await this.repo.pairCounts(perReaderCap, batch[0]!, batch.at(-1)!, minSupport);
      const rows = this.topRows(counts, readers, perWork);
      await this.repo.replace(batch, rows, Math.floor(this.clock() / 1000));
      pairs += rows.length;
      // Renewed per batch: a long run keeps the lease, a dead one loses it within LEASE_MS.
      await this.leases.acquire(LEASE, this.owner, this.clock(), LEASE_MS);
    }
    const dropped = await this.repo.dropOlderThan(runStart);
    this.log.info(
      { module: 'recommendations', works: anchors.length, pairs, dropped },
      'recommendations built',
    );
    const finishedMs = this.clock();
    const last: LastRun = {
      works: anchors.length,
      pairs,
      dropped,
      finishedTime: Math.floor(finishedMs / 1000),
      tookMs: Math.max(0, Math.round(finishedMs - startMs)),
    };
    await this.repo.saveLastRun(last, last.finishedTime);
    return { ran: true, ...last };
  }

  /** Each anchor's best `perWork` pairs by score (then shared readers, then id, so runs agree). */
  private topRows(counts: PairCount[], readers: Map<number, number>, perWork: number): SimilarRow[] {
    const byAnchor = new Map<number, SimilarRow[]>();
    for (const pair of counts) {
      const row: SimilarRow = {
        work_id: pair.workId,
        other_work_id: pair.otherWorkId,
        together: pair.together,
        score: cosineScore(pair.together, readers.get(pair.workId) ?? 0, readers.get(pair.otherWorkId) ?? 0),
      };
      const list = byAnchor.get(pair.workId) ?? [];
      list.push(row);
      byAnchor.set(pair.workId, list);
    }
    return [...byAnchor.values()].flatMap((list) =>
      list
        .sort((a, b) => b.score - a.score || b.together - a.together || a.other_work_id - b.other_work_id)
        .slice(0, perWork),
    );
  }
}
