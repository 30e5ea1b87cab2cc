/** Every /v3 route plugin, registered inside the envelope context. */
import type { FastifyPluginAsync } from 'fastify';
import { appInitRoute } from './app/init.js';
import { appStartRoute } from './app/start.js';
import { userIndexRoute } from './user/index.js';

export const API_ROUTES: FastifyPluginAsync[] = [appInitRoute, appStartRoute, userIndexRoute];
