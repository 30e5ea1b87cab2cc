/** The task centre's /v3 calls. */
import type { FastifyPluginAsync } from 'fastify';
import { taskClaimsRoute } from './task-claims.js';
import { taskIndexRoute } from './task-index.js';
import { taskReportsRoute } from './task-reports.js';

export const TASK_ROUTES: FastifyPluginAsync[] = [taskIndexRoute, taskClaimsRoute, taskReportsRoute];
