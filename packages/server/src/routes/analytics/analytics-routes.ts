/** First-party analytics: the ingestion call and its background work. */
import type { FastifyPluginAsync } from 'fastify';
import { analyticsLifecycle } from './analytics-lifecycle.js';
import { analyticsTrackRoute } from './track.js';

export const ANALYTICS_ROUTES: FastifyPluginAsync[] = [analyticsTrackRoute, analyticsLifecycle];
