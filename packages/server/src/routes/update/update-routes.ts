/** The update config and ad statistics /v3 calls; the ad calls live in routes/ad/index.ts. */
import type { FastifyPluginAsync } from 'fastify';
import { adStatsLifecycle } from '../ad/ad-stats-lifecycle.js';
import { appThemeRoute } from './app-theme.js';
import { appUpdateRoute } from './app-update.js';

export const UPDATE_ROUTES: FastifyPluginAsync[] = [appUpdateRoute, appThemeRoute, adStatsLifecycle];
