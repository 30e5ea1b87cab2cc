/**
 * The HLS packaging queue. Job state lives in transcode_jobs (waiting → processing n % → ready |
 * failed with reason), so it survives restarts: `start()` puts interrupted jobs back to waiting
 * (their scratch folder is wiped before a job runs, so partial output is discarded) and queues
 * every episode without a job. ffmpeg runs as child processes, `concurrency` at a time, so the API
 * never waits on a transcode. New imports are picked up by polling for videos rows without a job,
 * and so are paid episodes whose package is not encrypted (packaged while free, priced later);
 * `poke()` is the hook for callers that know new episodes just arrived (e.g. after an import).
 * Output is uploaded to the media store only when the whole package succeeded, under
 * `hls/<chapter>/<token>/`, so a ready episode never points at half an upload.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore } from '../media/media-store.js';
import type { TranscodeRepository } from '../repositories/transcode.repository.js';
import { TranscodeFailure } from '../transcode/ffmpeg-run.js';
import { packageEpisode, type SubtitleSource } from '../transcode/hls-packager.js';
import type { TranscodeConfig } from '../transcode/transcode-config.js';

const now = () => Math.floor(Date.now() / 1000);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

export class TranscodeJobService {
  private running = new Map<number, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private claims = 0;

  constructor(
    private readonly jobs: TranscodeRepository,
    private readonly media: MediaStore,
    private readonly config: TranscodeConfig,
    private readonly scratchDir: string,
    private readonly log: FastifyBaseLogger,
    /**
     * Several instances share the table (PostgreSQL): a running job holds a lease of this many
     * seconds, renewed while it runs; only lapsed ones are requeued (at start and every poll), so
     * a live instance's job is never taken. Null (SQLite, one process): everything interrupted is
     * requeued at start, as before.
     */
    private readonly leaseS: number | null = null,
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** Recovers interrupted jobs, queues missing ones and starts polling (when enabled). */
  async start(): Promise<void> {
    const requeued = await this.requeue();
    if (requeued > 0) this.log.info({ requeued }, 'interrupted transcode jobs back to waiting');
    if (!this.config.enabled) return;
    this.timer = setInterval(() => this.poke(), this.config.pollMs);
    this.timer.unref();
    this.poke();
  }

  /** Queues episodes without a job and starts waiting jobs; safe to call any time. */
  poke(): void {
    if (this.closed || !this.config.enabled) return;
    void this.queueAndPump().catch((error: unknown) =>
      this.log.error({ err: error }, 'transcode queue failed'),
    );
  }

  private requeue(): Promise<number> {
    return this.leaseS === null
      ? this.jobs.requeueInterrupted(now())
      : this.jobs.requeueStale(now() - this.leaseS, now());
  }

  private async queueAndPump(): Promise<void> {
    // Shared table: a dead instance's jobs are taken over once their lease lapses.
    if (this.leaseS !== null) {
      const taken = await this.requeue();
      if (taken > 0) this.log.info({ taken }, 'transcode jobs of a stopped instance back to waiting');
    }
    const queued = await this.jobs.queueMissing(now());
    if (queued > 0) this.log.info({ queued }, 'transcode jobs queued');
    const protect = await this.jobs.requeueUnprotected(now());
    if (protect > 0) this.log.info({ protect }, 'paid episodes packaged without encryption queued again');
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.config.concurrency) {
      const slot = new AbortController();
      // Reserve the slot before the claim resolves, so parallel pumps never overshoot.
      const marker = -++this.claims;
      this.running.set(marker, slot);
      void this.jobs.claimNext(now()).then(
        (chapterId) => {
          this.running.delete(marker);
          if (chapterId === null || this.closed) return;
          this.running.set(chapterId, slot);
          void this.runJob(chapterId, slot.signal).finally(() => {
            this.running.delete(chapterId);
            this.pump();
          });
        },
        (error: unknown) => {
          this.running.delete(marker);
          this.log.error({ err: error }, 'transcode claim failed');
        },
      );
    }
  }

  /** Runs every waiting job now, one after another; for tests, the CLI and the benchmark. */
  async runUntilIdle(): Promise<void> {
    await this.jobs.queueMissing(now());
    await this.jobs.requeueUnprotected(now());
    for (;;) {
      const chapterId = await this.jobs.claimNext(now());
      if (chapterId === null) return;
      await this.runJob(chapterId, new AbortController().signal);
    }
  }

  /** One job: package in scratch, upload, mark ready; any error marks it failed with its reason. */
  async runJob(chapterId: number, signal: AbortSignal): Promise<void> {
    const scratch = join(this.scratchDir, String(chapterId));
    const started = Date.now();
    const lease =
      this.leaseS === null
        ? null
        : setInterval(
            () => void this.jobs.touch(chapterId, now()).catch(() => undefined),
            (this.leaseS * 1000) / 3,
          );
    let source: Awaited<ReturnType<TranscodeRepository['source']>>;
    try {
      source = await this.jobs.source(chapterId);
      if (!source) throw new TranscodeFailure('the episode has no video any more');
      await rm(scratch, { recursive: true, force: true });
      await mkdir(scratch, { recursive: true });
      const info = await stat(source.source_path).catch(() => null);
      if (!info) throw new TranscodeFailure(`source file is missing: ${source.source_path}`);
      // Every paid episode (VIP or coins) is encrypted: its key is handed out only after the access
      // check. A free episode made paid later is re-packaged (see queueMissing); until then, and
      // always, the HLS route refuses its playlists and segments to viewers who may not watch it.
      const key = source.pay > 0 ? randomBytes(16) : null;
      let lastPercent = -1;
      const manifest = await packageEpisode(
        {
          sourcePath: source.source_path,
          durationMs: source.duration_ms,
          width: source.width,
          height: source.height,
          videoCodec: source.video_codec,
          audioCodecs: parseJson<string[]>(source.audio_codecs, []),
          subtitles: parseJson<SubtitleSource[]>(source.subtitles, []),
          encryption: key ? { key } : null,
        },
        scratch,
        {
          signal,
          onProgress: (fraction) => {
            const percent = Math.min(99, Math.floor(fraction * 100));
            if (percent === lastPercent) return;
            lastPercent = percent;
            void this.jobs.progress(chapterId, percent, now()).catch(() => undefined);
          },
        },
      );
      const previous = (await this.jobs.job(chapterId))?.output_prefix ?? '';
      const prefix = `hls/${chapterId}/${randomBytes(8).toString('hex')}`;
      for (const file of await filesUnder(scratch)) {
        await this.media.put(
          `${prefix}/${relative(scratch, file).split('\\').join('/')}`,
          await readFile(file),
        );
      }
      await this.jobs.finish(
        chapterId,
        {
          outputPrefix: prefix,
          manifest: JSON.stringify(manifest),
          keyHex: key?.toString('hex') ?? '',
          fingerprint: `${source.source_path}:${info.size}:${Math.floor(info.mtimeMs)}`,
        },
        now(),
      );
      if (previous) await this.deletePrefix(previous);
      this.log.info({ chapterId, ms: Date.now() - started }, 'episode ready');
    } catch (error) {
      if (signal.aborted) {
        this.log.info({ chapterId }, 'transcode stopped; it will resume at the next start');
        return;
      }
      const raw = error instanceof TranscodeFailure ? error.message : `packaging failed: ${String(error)}`;
      // Reasons are shown to viewers: name the file, never the server's folders.
      const reason = source ? raw.split(source.source_path).join(basename(source.source_path)) : raw;
      this.log.warn({ chapterId, reason }, 'transcode failed');
      await this.jobs.fail(chapterId, reason, now()).catch(() => undefined);
    } finally {
      if (lease) clearInterval(lease);
      await rm(scratch, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async deletePrefix(prefix: string): Promise<void> {
    for await (const key of this.media.keys(`${prefix}/`)) await this.media.delete(key);
  }

  /** Stops polling and kills running ffmpeg processes; their jobs stay processing → requeued at next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const controller of this.running.values()) controller.abort();
  }
}
