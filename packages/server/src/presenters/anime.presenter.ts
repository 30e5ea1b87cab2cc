/** Episodes with their packaging status, and the player's play info, for the anime calls. */
import type { AnimeEpisode, EpisodeStatus } from '@dm51/shared';
import { mediaUrlPath } from '../media/media-key.js';
import type { EpisodeRow } from '../repositories/anime.repository.js';
import type { TranscodeJobRow } from '../repositories/transcode.repository.js';
import { parseManifest, type HlsManifest } from '../transcode/hls-manifest.js';
import { presentChapterItem } from './chapter.presenter.js';

const STATUSES: readonly string[] = ['waiting', 'processing', 'ready', 'failed'];

export function presentEpisode(
  row: EpisodeRow,
  locked: boolean,
  job: TranscodeJobRow | undefined,
  unlocked = false,
): AnimeEpisode {
  // An episode without a job yet is queued at the next poll: waiting is the truth a user can act on.
  const status = (job && STATUSES.includes(job.status) ? job.status : 'waiting') as EpisodeStatus;
  const manifest = job?.status === 'ready' ? parseManifest(job.manifest) : null;
  const poster = manifest && job ? `${job.output_prefix}/${manifest.poster}` : (row.poster_key ?? '');
  return {
    ...presentChapterItem(row, locked, unlocked),
    duration_s: row.duration_s,
    status,
    progress: status === 'processing' ? Number(job?.progress ?? 0) : status === 'ready' ? 100 : 0,
    reason: status === 'failed' ? (job?.reason ?? '') : '',
    poster: mediaUrlPath(poster),
  };
}

/** The public media URLs and the store keys of a ready episode's output, or null when it has none. */
export function presentStream(
  job: TranscodeJobRow | undefined,
): { manifest: HlsManifest; url: (file: string) => string; key: (file: string) => string } | null {
  if (!job || job.status !== 'ready') return null;
  const manifest = parseManifest(job.manifest);
  if (!manifest) return null;
  return {
    manifest,
    url: (file) => (file ? mediaUrlPath(`${job.output_prefix}/${file}`) : ''),
    key: (file) => `${job.output_prefix}/${file}`,
  };
}

/** A file of a ready episode's package, through the access-checked HLS route with a viewer token. */
export function hlsUrl(chapterId: number, file: string, token: string): string {
  return file ? `/v3/anime/hls/${chapterId}/${file}?t=${encodeURIComponent(token)}` : '';
}
