/**
 * Anime details, play info and watch progress. The work record, favourites and history are the
 * catalogue's (type 2); this adds episode packaging status and the streams. Access follows the
 * reader's policy: a VIP episode answers VIP_REQUIRED to sessions without VIP. The stream URLs play
 * answers carry a signed viewer token, and every playlist, segment and key request is checked again
 * against the episode's pay as it is then (mayWatch), whatever it was when the episode was packaged.
 */
import type { AnimeEpisode } from '@dm51/shared';
import { hlsUrl, presentEpisode, presentStream } from '../presenters/anime.presenter.js';
import type { AnimeRepository } from '../repositories/anime.repository.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { HistoryRepository } from '../repositories/history.repository.js';
import type { TranscodeRepository } from '../repositories/transcode.repository.js';
import { isLockedFor, isVipActive } from '../policies/chapter-access.policy.js';
import { CatalogueErrors } from './catalogue-errors.js';
import type { CatalogueService } from './catalogue.service.js';
import type { UnlockService } from './unlock.service.js';
import type { HistoryService } from './history.service.js';
import type { VideoAccessService } from './video-access.service.js';

export const ANIME_TYPE = 2;
/** A saved position this close to the end counts as finished: the next play starts over. */
const FINISHED_TAIL_S = 10;
const now = () => Math.floor(Date.now() / 1000);

export class AnimeService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly catalogueRepo: CatalogueRepository,
    private readonly anime: AnimeRepository,
    private readonly jobs: TranscodeRepository,
    private readonly history: HistoryService,
    private readonly places: HistoryRepository,
    private readonly access: VideoAccessService,
    private readonly unlocks: UnlockService,
  ) {}

  private async vipActive(userId: number): Promise<boolean> {
    return isVipActive(await this.catalogueRepo.vipState(userId), now());
  }

  /**
   * Whether the user may watch the episode now, without charging: its current pay, the user's VIP
   * and unlocks. The HLS route and the key route ask this on every request.
   */
  async mayWatch(userId: number, chapterId: number): Promise<boolean> {
    const chapter = await this.catalogueRepo.findChapter(chapterId);
    if (!chapter || chapter.work_type !== ANIME_TYPE) return false;
    return !(await this.unlocks.lockedFor(userId, chapter, await this.vipActive(userId)));
  }

  async details(userId: number, id: number) {
    const work = await this.catalogue.detail(userId, id, ANIME_TYPE);
    const [rows, vip, unlocked, priceOf] = await Promise.all([
      this.anime.episodes(id),
      this.vipActive(userId),
      this.unlocks.unlockedInWork(userId, id),
      this.unlocks.pricer(id),
    ]);
    const jobs = await this.jobs.jobsOf(rows.map((row) => row.id));
    const episodes: AnimeEpisode[] = rows.map((row) =>
      presentEpisode(
        { ...row, price_coins: priceOf(row) },
        isLockedFor(row.pay, vip, unlocked.has(row.id)),
        jobs.get(row.id),
        unlocked.has(row.id),
      ),
    );
    return { work, episodes };
  }

  async play(userId: number, chapterId: number) {
    const chapter = await this.catalogueRepo.findChapter(chapterId);
    if (!chapter || chapter.work_type !== ANIME_TYPE) throw CatalogueErrors.notFound();
    const vip = await this.vipActive(userId);
    const charged = await this.unlocks.openOrCharge(userId, chapter, vip);
    const [row, job, { next }, places] = await Promise.all([
      this.anime.episode(chapterId),
      this.jobs.job(chapterId),
      this.catalogueRepo.neighbours(chapter.work_id, chapter.sort_order),
      this.places.placesOf(userId, [chapter.work_id]),
    ]);
    if (!row) throw CatalogueErrors.notFound();
    const episode = presentEpisode(row, false, job);
    const ready = episode.status === 'ready' ? presentStream(job) : null;
    // Playlists, segments and subtitles are fetched through /v3/anime/hls with this viewer's token.
    const token = ready ? await this.access.mintStreamToken(userId, chapterId, row.duration_s) : '';
    const stream = ready
      ? { manifest: ready.manifest, url: (file: string) => hlsUrl(chapterId, file, token), media: ready.url }
      : null;
    const place = places.get(chapter.work_id);
    const resume =
      place && place.chapter_id === chapterId && place.position < row.duration_s - FINISHED_TAIL_S
        ? place.position
        : 0;
    return {
      episode,
      work_id: chapter.work_id,
      work_name: chapter.work_title,
      master_url: stream ? stream.url(stream.manifest.master) : '',
      qualities: (stream?.manifest.renditions ?? []).map((r) => ({
        name: r.name,
        width: r.width,
        height: r.height,
        bandwidth: r.bandwidth,
      })),
      subtitles: (stream?.manifest.subtitles ?? []).map((s) => ({
        url: stream!.url(s.file),
        language: s.language,
        label: s.label,
      })),
      // Previews and the poster stay public media: they are shown beside locked episodes too.
      thumbnails_url: stream ? stream.media(stream.manifest.thumbnails) : '',
      poster: stream ? stream.media(stream.manifest.poster) : episode.poster,
      resume_s: Math.floor(resume),
      next_episode_id: next?.id ?? 0,
      next_locked: next && (await this.unlocks.lockedFor(userId, next, vip)) ? 1 : 0,
      encrypted: stream?.manifest.encrypted ? 1 : 0,
      key_token: stream?.manifest.encrypted ? await this.access.mintToken(userId, chapterId) : '',
      charged,
    };
  }

  /** The watch place is the work's history place: position in seconds, percent of the episode. */
  async progress(userId: number, chapterId: number, positionS: number, durationS: number, readAt?: number) {
    const chapter = await this.catalogueRepo.findChapter(chapterId);
    if (!chapter || chapter.work_type !== ANIME_TYPE) throw CatalogueErrors.notFound();
    const total = durationS > 0 ? durationS : 0;
    const percent = total > 0 ? Math.min(100, Math.round((positionS / total) * 100)) : 0;
    return this.history.save(userId, ANIME_TYPE, {
      workId: chapter.work_id,
      chapterId,
      pageIndex: 0,
      position: Math.floor(positionS),
      percent,
      readAt,
    });
  }
}
