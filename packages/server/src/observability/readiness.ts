/**
 * Readiness: may a balancer send this instance traffic? Every registered check (the database, the
 * media store, Redis once wired) runs with a short timeout of its own; all must pass. While the
 * process shuts down the answer is "no" at once, without running anything, so the balancer stops
 * sending while the requests it already sent drain. Liveness (/healthz) asks none of this.
 */
import { access, constants, mkdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseReachable, type Database } from '../db/database.js';
import { LocalMediaStore } from '../media/local-media-store.js';
import type { MediaStore } from '../media/media-store.js';

/** Resolves when the dependency answers; rejects (or resolves `false`) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface CheckResult {
  status: 'ok' | 'failed' | 'timeout';
  ms: number;
}

export interface ReadinessReport {
  ready: boolean;
  /** Set while shutting down: no check was run. */
  draining: boolean;
  checks: Record<string, CheckResult>;
}

/** A dependency that does not answer in this long counts as down (a balancer probes every few s). */
export const DEFAULT_CHECK_TIMEOUT_MS = 2_000;

class CheckTimeout extends Error {}

export class Readiness {
  private readonly checks = new Map<string, { check: ReadinessCheck; timeoutMs: number }>();
  private readonly lastStatus = new Map<string, CheckResult['status']>();
  private running: Promise<ReadinessReport> | null = null;
  private draining = false;

  constructor(private readonly log?: FastifyBaseLogger) {}

  /** Adds (or replaces) a named check. */
  register(name: string, check: ReadinessCheck, options: { timeoutMs?: number } = {}): void {
    this.checks.set(name, { check, timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS });
  }

  get names(): string[] {
    return [...this.checks.keys()];
  }

  /** From now on the instance is not ready (shutdown began); this cannot be undone. */
  markDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Runs every check at once; concurrent probes share one run. */
  async report(): Promise<ReadinessReport> {
    if (this.draining) return { ready: false, draining: true, checks: {} };
    this.running ??= this.runAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runAll(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(
        async ([name, { check, timeoutMs }]) => [name, await this.runOne(name, check, timeoutMs)] as const,
      ),
    );
    const checks = Object.fromEntries(entries);
    return { ready: entries.every(([, result]) => result.status === 'ok'), draining: false, checks };
  }

  private async runOne(name: string, check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let status: CheckResult['status'] = 'ok';
    let failure: unknown = null;
    try {
      const outcome = await Promise.race([
        check(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs);
        }),
      ]);
      if (outcome === false) status = 'failed';
    } catch (error) {
      status = error instanceof CheckTimeout ? 'timeout' : 'failed';
      failure = error instanceof CheckTimeout ? null : error;
    } finally {
      clearTimeout(timer);
    }
    // Only changes are logged: a balancer probes every few seconds, and a down dependency must not
    // flood the log. The reason stays in the log; the answer only says which check failed.
    const before = this.lastStatus.get(name) ?? 'ok';
    if (before !== status) {
      if (status === 'ok')
        this.log?.info({ module: 'readiness', check: name }, 'readiness check passes again');
      else
        this.log?.warn(
          { module: 'readiness', check: name, status, err: failure ?? undefined },
          'readiness check failing',
        );
    }
    this.lastStatus.set(name, status);
    return { status, ms: Math.round((performance.now() - started) * 10) / 10 };
  }
}

export function databaseCheck(db: Database): ReadinessCheck {
  return () => isDatabaseReachable(db);
}

/** A media store that can say whether it is usable (the S3 store: its bucket answers). */
interface ReadyProbe {
  ready(): Promise<unknown>;
}

function hasReadyProbe(media: MediaStore): media is MediaStore & ReadyProbe {
  return typeof (media as Partial<ReadyProbe>).ready === 'function';
}

/**
 * The media store's check: its own `ready()` when it has one; for local files, that the media
 * folder exists (made as the store would) and is writable; otherwise a `stat` of a key that need
 * not exist (answering at all, null included, means the store is reachable).
 */
export function mediaStoreCheck(media: MediaStore): ReadinessCheck {
  if (hasReadyProbe(media)) return () => media.ready();
  if (media instanceof LocalMediaStore) {
    return async () => {
      await mkdir(media.root, { recursive: true });
      await access(media.root, constants.W_OK);
    };
  }
  return () => media.stat('readyz-probe');
}
