/** Every anime route plugin (details, play info, progress, HLS files, keys, the transcode queue). */
import type { FastifyPluginAsync } from 'fastify';
import { animeDetailsRoute } from './details.js';
import { animeFavoritesRoutes } from './favorites.js';
import { animeHlsRoute } from './hls.js';
import { animeKeyRoute } from './key.js';
import { animePlayRoute } from './play.js';
import { animeProgressRoute } from './progress.js';
import { transcodeLifecycle } from './transcode-lifecycle.js';

export const ANIME_ROUTES: FastifyPluginAsync[] = [
  animeDetailsRoute,
  animePlayRoute,
  animeProgressRoute,
  animeKeyRoute,
  animeHlsRoute,
  animeFavoritesRoutes,
  transcodeLifecycle,
];
