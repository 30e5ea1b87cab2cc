/**
 * Runs AI cos jobs in-process: a queue in the `ai_jobs` table, `concurrency` at once, a time limit
 * per job and up to RETRIES more attempts for transient provider errors. A job that fails or
 * times out is refunded by `fail` (the guarded status change makes that happen once). At start,
 * jobs a previous process left running are failed and refunded: their work is lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AiJobRow } from '../db/schema-ai-images.js';
import type { ImageProvider } from '../ai-images/image-provider.js';
import { TransientProviderError } from '../ai-images/image-provider.js';
import type { AiMedia } from '../ai-images/ai-media.js';
import type { AiJobRepository } from '../repositories/ai-job.repository.js';
import type { AiLogRepository } from '../repositories/ai-log.repository.js';
import { AI_STYLES } from '../ai-images/providers.js';
import { nowS } from './ledger.service.js';

const RETRIES = 2;
const RETRY_DELAY_MS = 300;

export interface RunnerOptions {
  concurrency: number;
  timeoutS: number;
  /**
   * Several instances share ai_jobs (PostgreSQL): recovery fails only jobs abandoned for longer
   * than the time limit plus this many seconds (a live runner ends every job within its limit),
   * and runs every this many seconds, so a dead instance's jobs are refunded without a restart.
   * Absent (SQLite, one process): every running job is failed at start, as before.
   */
  sharedLeaseS?: number;
}

export class AiJobRunner {
  private readonly active = new Map<number, Promise<void>>();
  private readonly controllers = new Map<number, AbortController>();
  private stopped = false;
  private kicking = false;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: AiJobRepository,
    private readonly log: AiLogRepository,
    private readonly media: AiMedia,
    private readonly provider: ImageProvider,
    /** Fails the job and refunds its charge, once (AiImageService.fail). */
    private readonly fail: (job: AiJobRow, error: string) => Promise<void>,
    private readonly options: RunnerOptions,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Fails and refunds what a previous process left running; then starts the queue. */
  async recover(): Promise<void> {
    await this.failAbandoned();
    this.stopped = false;
    this.kick();
    const leaseS = this.options.sharedLeaseS;
    if (leaseS !== undefined && !this.sweeper) {
      this.sweeper = setInterval(
        () =>
          void this.failAbandoned().catch((error: unknown) =>
            this.logger.error({ err: error }, 'AI job recovery failed'),
          ),
        leaseS * 1000,
      );
      this.sweeper.unref();
    }
  }

  private async failAbandoned(): Promise<void> {
    const leaseS = this.options.sharedLeaseS;
    const before = leaseS === undefined ? Infinity : nowS() - this.options.timeoutS - leaseS;
    for (const job of await this.jobs.running()) {
      if (job.updated_time >= before) continue;
      await this.fail(job, 'Interrupted by a server restart');
    }
  }

  /** Starts queued jobs while there is room. */
  kick(): void {
    if (this.stopped || this.kicking) return;
    this.kicking = true;
    void this.fill()
      .catch((error: unknown) => this.logger.error({ err: error }, 'AI job queue failed'))
      .finally(() => {
        this.kicking = false;
      });
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.active.size < this.options.concurrency) {
      const next = (await this.jobs.queued(this.options.concurrency + this.active.size)).find(
        (job) => !this.active.has(job.id),
      );
      if (!next) return;
      if (!(await this.jobs.start(next.id, nowS()))) continue;
      // A run that fails outside its own handling (the database closing under it at shutdown) is
      // logged; the job stays running and the lease's recovery fails and refunds it.
      const run = this.run(next)
        .catch((error: unknown) => this.logger.warn({ err: error, job: next.id }, 'AI job run failed'))
        .finally(() => {
          this.active.delete(next.id);
          this.kick();
        });
      this.active.set(next.id, run);
    }
  }

  private async run(job: AiJobRow): Promise<void> {
    await this.log.setStatus(job.log_id, 'running');
    const controller = new AbortController();
    this.controllers.set(job.id, controller);
    const timer = setTimeout(
      () => controller.abort(new Error(`Timed out after ${this.options.timeoutS} s`)),
      this.options.timeoutS * 1000,
    );
    try {
      const input = await this.media.read(job.input_key);
      if (!input) throw new Error('The source picture is missing');
      const prompt = AI_STYLES.find((style) => style.key === job.style)?.prompt ?? job.style;
      let attempt = 0;
      for (;;) {
        attempt += 1;
        try {
          const image = await this.withAbort(
            controller.signal,
            this.provider.generate({
              image: input,
              style: job.style,
              prompt,
              seed: job.seed,
              signal: controller.signal,
              onProgress: (percent) =>
                void this.jobs
                  .progress(job.id, Math.max(5, Math.min(95, percent)), attempt, nowS())
                  .catch((error: unknown) => this.logger.warn({ err: error }, 'AI job progress not saved')),
            }),
          );
          const key = await this.media.storeResult(image);
          if (await this.jobs.finish(job.id, key, nowS())) await this.log.setStatus(job.log_id, 'done');
          return;
        } catch (error) {
          if (controller.signal.aborted || !(error instanceof TransientProviderError) || attempt > RETRIES)
            throw error;
          this.logger.warn(
            { job: job.id, attempt, err: error },
            'AI job: transient provider error, retrying',
          );
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
        }
      }
    } catch (error) {
      const reason = controller.signal.aborted
        ? (controller.signal.reason as Error).message
        : (error as Error).message || 'The image could not be made';
      this.logger.info({ job: job.id, reason }, 'AI job failed; refunding');
      await this.fail(job, reason);
    } finally {
      clearTimeout(timer);
      this.controllers.delete(job.id);
    }
  }

  /** Rejects when the signal aborts even if the provider ignores it (a filter cannot be stopped). */
  private withAbort<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      work.then(resolve, reject);
    });
  }

  /**
   * Stops taking jobs; running ones are cut short and refunded now (a provider may take minutes,
   * and shutting down should not wait for it).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const controller of this.controllers.values()) controller.abort(new Error('The server is stopping'));
    await Promise.allSettled([...this.active.values()]);
  }

  /** Resolves when nothing is queued or running (tests). */
  async idle(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.active.values()]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (this.active.size === 0 && !this.kicking && (await this.jobs.queued(1)).length === 0) return;
    }
  }
}
