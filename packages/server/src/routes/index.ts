/** Every /v3 route plugin, registered inside the envelope context. */
import type { FastifyPluginAsync } from 'fastify';
import { appInitRoute } from './app/init.js';
import { appStartRoute } from './app/start.js';
import { userIndexRoute } from './user/index.js';
import { LOGIN_ROUTES } from './login/routes.js';
import { ACCOUNT_ROUTES } from './user/account-routes.js';
import { DISCOVERY_ROUTES } from './category/discovery-routes.js';
import { ANIME_ROUTES } from './anime/anime-routes.js';
import { COMMUNITY_ROUTES } from './comment/community-routes.js';
import { PAY_ROUTES } from './pay/pay-routes.js';
import { MONEY_ROUTES } from './money/money-routes.js';
import { TASK_ROUTES } from './task/task-routes.js';
import { INVITE_ROUTES } from './invite/invite-routes.js';
import { UPDATE_ROUTES } from './update/update-routes.js';
import { AI_ROUTES } from './ai/ai-routes.js';
import { AI_CHAT_ROUTES } from './ai-chat/ai-chat-routes.js';
import { ANALYTICS_ROUTES } from './analytics/analytics-routes.js';
import { appTokenRoutes } from '../opds/app-token-routes.js';
import { recommendationRoutes } from './recommendation/index.js';
import { recommendationLifecycle } from './recommendation/recommendation-lifecycle.js';

export const API_ROUTES: FastifyPluginAsync[] = [
  appInitRoute,
  appStartRoute,
  userIndexRoute,
  ...LOGIN_ROUTES,
  ...ACCOUNT_ROUTES,
  ...DISCOVERY_ROUTES,
  ...ANIME_ROUTES,
  ...COMMUNITY_ROUTES,
  ...MONEY_ROUTES,
  ...PAY_ROUTES,
  ...TASK_ROUTES,
  ...INVITE_ROUTES,
  ...UPDATE_ROUTES,
  ...AI_ROUTES,
  ...AI_CHAT_ROUTES,
  ...ANALYTICS_ROUTES,
  appTokenRoutes,
  recommendationRoutes,
  recommendationLifecycle,
];
