/** The transcode job rows (one per episode) and the video facts a job reads. */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { TranscodeJobsTable } from '../db/schema.js';

export type TranscodeJobRow = Selectable<TranscodeJobsTable>;
export type JobStatus = 'waiting' | 'processing' | 'ready' | 'failed';

export class TranscodeRepository {
  constructor(private readonly db: Database) {}

  /** A job (waiting) for every video without one; returns how many were queued. */
  async queueMissing(time: number): Promise<number> {
    const missing = await this.db
      .selectFrom('videos')
      .leftJoin('transcode_jobs', 'transcode_jobs.chapter_id', 'videos.chapter_id')
      .select('videos.chapter_id')
      .where('transcode_jobs.chapter_id', 'is', null)
      .execute();
    for (const { chapter_id } of missing) {
      await this.db
        .insertInto('transcode_jobs')
        .values({ chapter_id, status: 'waiting', created_time: time, updated_time: time })
        .onConflict((oc) => oc.column('chapter_id').doNothing())
        .execute();
    }
    return missing.length;
  }

  /**
   * Ready packages of paid episodes made without encryption (packaged while the episode was free,
   * priced afterwards): back to waiting, so they are packaged again with a key.
   */
  async requeueUnprotected(time: number): Promise<number> {
    const result = await this.db
      .updateTable('transcode_jobs')
      .set({ status: 'waiting', progress: 0, reason: '', updated_time: time })
      .where('status', '=', 'ready')
      .where('key_hex', '=', '')
      .where('chapter_id', 'in', (eb) =>
        eb.selectFrom('chapters').select('chapters.id').where('chapters.pay', '>', 0),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Jobs a stopped server left processing: back to waiting (their scratch output is discarded). */
  async requeueInterrupted(time: number): Promise<number> {
    const result = await this.db
      .updateTable('transcode_jobs')
      .set({ status: 'waiting', progress: 0, updated_time: time })
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Several instances (PostgreSQL): only jobs whose lease lapsed — not renewed since `before` — go
   * back to waiting; a live instance renews its jobs' updated_time while they run.
   */
  async requeueStale(before: number, time: number): Promise<number> {
    const result = await this.db
      .updateTable('transcode_jobs')
      .set({ status: 'waiting', progress: 0, updated_time: time })
      .where('status', '=', 'processing')
      .where('updated_time', '<', before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Renews a running job's lease. */
  async touch(chapterId: number, time: number): Promise<void> {
    await this.db
      .updateTable('transcode_jobs')
      .set({ updated_time: time })
      .where('chapter_id', '=', chapterId)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Claims the oldest waiting job (the conditional update makes a double claim impossible). */
  async claimNext(time: number): Promise<number | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const next = await this.db
        .selectFrom('transcode_jobs')
        .select('chapter_id')
        .where('status', '=', 'waiting')
        .orderBy('created_time')
        .orderBy('chapter_id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      const claimed = await this.db
        .updateTable('transcode_jobs')
        .set({ status: 'processing', progress: 0, reason: '', updated_time: time })
        .where('chapter_id', '=', next.chapter_id)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return next.chapter_id;
    }
    return null;
  }

  async progress(chapterId: number, percent: number, time: number): Promise<void> {
    await this.db
      .updateTable('transcode_jobs')
      .set({ progress: percent, updated_time: time })
      .where('chapter_id', '=', chapterId)
      .where('status', '=', 'processing')
      .execute();
  }

  async finish(
    chapterId: number,
    done: { outputPrefix: string; manifest: string; keyHex: string; fingerprint: string },
    time: number,
  ): Promise<void> {
    await this.db
      .updateTable('transcode_jobs')
      .set({
        status: 'ready',
        progress: 100,
        reason: '',
        output_prefix: done.outputPrefix,
        manifest: done.manifest,
        key_hex: done.keyHex,
        source_fingerprint: done.fingerprint,
        updated_time: time,
      })
      .where('chapter_id', '=', chapterId)
      .execute();
  }

  async fail(chapterId: number, reason: string, time: number): Promise<void> {
    await this.db
      .updateTable('transcode_jobs')
      .set({ status: 'failed', progress: 0, reason, updated_time: time })
      .where('chapter_id', '=', chapterId)
      .execute();
  }

  /** Puts a job back in the queue (a librarian's retry after fixing the file). */
  async retry(chapterId: number, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('transcode_jobs')
      .set({ status: 'waiting', progress: 0, reason: '', updated_time: time })
      .where('chapter_id', '=', chapterId)
      .where('status', 'in', ['failed', 'ready'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async job(chapterId: number): Promise<TranscodeJobRow | undefined> {
    return this.db
      .selectFrom('transcode_jobs')
      .selectAll()
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
  }

  async jobsOf(chapterIds: number[]): Promise<Map<number, TranscodeJobRow>> {
    if (chapterIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('transcode_jobs')
      .selectAll()
      .where('chapter_id', 'in', chapterIds)
      .execute();
    return new Map(rows.map((row) => [row.chapter_id, row]));
  }

  /** What a job needs to package an episode: the video facts and the chapter's pay. */
  async source(chapterId: number) {
    return this.db
      .selectFrom('videos')
      .innerJoin('chapters', 'chapters.id', 'videos.chapter_id')
      .select([
        'videos.source_path',
        'videos.duration_ms',
        'videos.width',
        'videos.height',
        'videos.video_codec',
        'videos.audio_codecs',
        'videos.subtitles',
        'chapters.pay',
      ])
      .where('videos.chapter_id', '=', chapterId)
      .executeTakeFirst();
  }
}
