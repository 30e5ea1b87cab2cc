/** The community calls: comments, messages, follows, feedback, help and texts. */
import type { FastifyPluginAsync } from 'fastify';
import { appFeedbackUploadRoute } from '../app/feedback_upload.js';
import { appHelpRoute } from '../app/help.js';
import { appNoticeRoute } from '../app/notice.js';
import { appOnlineRoute } from '../app/online.js';
import { feedbackRoutes } from '../feedback/add.js';
import { followRoutes } from '../follow/index.js';
import { initRoutes } from '../init/index.js';
import { messageRoutes } from '../message/index.js';
import { commentActionsRoute } from './actions.js';
import { commentAddRoute } from './add.js';
import { commentListRoute } from './list.js';

export const COMMUNITY_ROUTES: FastifyPluginAsync[] = [
  commentListRoute,
  commentAddRoute,
  commentActionsRoute,
  messageRoutes,
  followRoutes,
  feedbackRoutes,
  appFeedbackUploadRoute,
  appHelpRoute,
  appNoticeRoute,
  appOnlineRoute,
  initRoutes,
];
