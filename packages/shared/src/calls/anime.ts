/**
 * Anime calls. Lists, tags, search, favourites and history reuse the catalogue calls with
 * type 2 (/v3/category/works, /v3/category/tags, /v3/search/index, /v3/cases/*, /v3/read/index);
 * these add what only video needs: the detail with each episode's packaging status, the play
 * info of an episode, and the watch position.
 */
import { z } from 'zod';
import { decimalField } from './wire-number.js';
import { rowId } from './row-id.js';
import { chapterItemSchema, workDetailSchema } from './catalogue.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';
import { readAtField } from './history.js';
import { chargeNoticeSchema } from './money.js';
import { shelfItemSchema } from './shelf.js';

const id = rowId;

/** waiting (queued), processing (progress %), ready (playable) or failed (reason says why). */
export const episodeStatusSchema = z.enum(['waiting', 'processing', 'ready', 'failed']);
export type EpisodeStatus = z.infer<typeof episodeStatusSchema>;

export const animeEpisodeSchema = chapterItemSchema.extend({
  duration_s: z.number().int(),
  status: episodeStatusSchema,
  /** 0–100 while processing. */
  progress: z.number().int(),
  /** Why packaging failed ('' otherwise). */
  reason: z.string(),
  /** '/media/<key>' of the episode's poster frame ('' when none yet). */
  poster: z.string(),
});
export type AnimeEpisode = z.infer<typeof animeEpisodeSchema>;

export const animeDetailsCall = defineCall({
  path: '/v3/anime/details',
  summary:
    "A published anime's detail (/pages/anime/details?id=ID): the same record as /v3/comic/details (poster, summary, tags, favourite, saved watch place in `read`) plus every episode in order with its packaging status (waiting, processing n %, ready, failed with reason), duration, poster and VIP lock. Unknown ids and works of other types answer CONTENT_NOT_FOUND (1102).",
  tag: 'anime',
  auth: 'session',
  request: z.object({ id }),
  response: z.object({ work: workDetailSchema, episodes: z.array(animeEpisodeSchema) }),
});

export const subtitleTrackSchema = z.object({
  /** '/media/<key>' of a WebVTT file. */
  url: z.string(),
  language: z.string(),
  label: z.string(),
});

export const qualitySchema = z.object({
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bandwidth: z.number().int(),
});

export const animePlayCall = defineCall({
  path: '/v3/anime/play',
  summary:
    "What the player needs for one episode: its status, and when ready the HLS master playlist URL ('/v3/anime/hls/<chapter>/master.m3u8?t=…', signed for this viewer: play it as given, natively or with hls.js, no header needed), qualities, WebVTT subtitle tracks, the WebVTT preview-thumbnail track, poster, duration, the saved resume position (seconds, 0 when none or finished) and the next episode. Locked episodes answer VIP_REQUIRED (1101) or CHAPTER_LOCKED; every playlist, segment and key request is checked again against the episode's price when it is made. Paid episodes' segments are AES-128 encrypted; the playlists served name a key URL that already carries a token. `key_token` (valid 10 minutes) is kept for older clients that append it as `&token=`. A not-ready episode answers its status and reason with empty URLs.",
  tag: 'anime',
  auth: 'session',
  request: z.object({ chapter_id: id }),
  response: z.object({
    episode: animeEpisodeSchema,
    work_id: z.number().int(),
    work_name: z.string(),
    master_url: z.string(),
    qualities: z.array(qualitySchema),
    subtitles: z.array(subtitleTrackSchema),
    thumbnails_url: z.string(),
    poster: z.string(),
    /** Seconds. */
    resume_s: z.number().int(),
    /** 0 when this is the last episode. */
    next_episode_id: z.number().int(),
    next_locked: z.number().int().min(0).max(1),
    encrypted: z.number().int().min(0).max(1),
    key_token: z.string(),
    /** What auto-unlock charged to open this episode (null when nothing). */
    charged: chargeNoticeSchema,
  }),
});

export const animeProgressCall = defineCall({
  path: '/v3/anime/progress',
  summary:
    "Saves the watch position of an episode (the player sends it every few seconds and on leave). It is the work's place in the reading history, so the episode appears in /v3/read/index (type 2) beside comics and novels and /v3/anime/play resumes from it. `read_at` as in /v3/read/add (ms since the epoch, default now): a position older than the work's stored place is not kept.",
  tag: 'anime',
  auth: 'session',
  request: z.object({
    chapter_id: id,
    /** Seconds into the episode. */
    position_s: decimalField(0, 86_400),
    duration_s: decimalField(0, 86_400).default(0),
    read_at: readAtField,
  }),
  response: z.object({}),
});

/** Anime favourites: the same shelf as comics and novels (favorites table, type 2), its own list. */
export const animeFavoritesCall = defineCall({
  path: '/v3/anime/favorites',
  summary:
    "The session's favourite anime (/pages/anime/favorites), most recently added first, paged, each with its saved watch place; same items as /v3/cases/index.",
  tag: 'anime',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(shelfItemSchema),
});

export const animeFavoriteAddCall = defineCall({
  path: '/v3/anime/favorite_add',
  summary:
    'Adds an anime to the favourites (idempotent); answers the new favourite count. Unknown ids answer CONTENT_NOT_FOUND (1102).',
  tag: 'anime',
  auth: 'session',
  request: z.object({ id }),
  response: z.object({ is_favorite: z.literal(1), favorites: z.number().int() }),
});

export const animeFavoriteDelCall = defineCall({
  path: '/v3/anime/favorite_del',
  summary:
    "Removes anime from the session's favourites; ids that are not its anime favourites change nothing.",
  tag: 'anime',
  auth: 'session',
  request: z.object({ ids: z.array(rowId).min(1).max(200) }),
  response: z.object({ deleted: z.number().int() }),
});
