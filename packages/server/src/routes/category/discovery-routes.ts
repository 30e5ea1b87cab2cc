/** Every discovery route plugin (catalogue, readers, shelf, history, search, ranking, ads). */
import type { FastifyPluginAsync } from 'fastify';
import { adRoutes } from '../ad/index.js';
import { bookChaptersRoute } from '../book/chapters.js';
import { bookDetailsRoute } from '../book/details.js';
import { bookHomeRoute } from '../book/index.js';
import { bookReadRoute } from '../book/read.js';
import { bookCasesRoutes } from '../book_cases/index.js';
import { bookReadAddRoute } from '../book_read/add.js';
import { casesRoutes } from '../cases/index.js';
import { comicAuthorRoute } from '../comic/author.js';
import { comicChaptersRoute } from '../comic/chapters.js';
import { comicDetailsRoute } from '../comic/details.js';
import { comicHomeRoute } from '../comic/index.js';
import { comicReadRoute } from '../comic/read.js';
import { rankIndexRoute } from '../rank/index.js';
import { viewCounterLifecycle } from '../rank/view-counter-lifecycle.js';
import { readRoutes } from '../read/index.js';
import { searchRoutes } from '../search/index.js';
import { categoryRoutes } from './index.js';

export const DISCOVERY_ROUTES: FastifyPluginAsync[] = [
  comicHomeRoute,
  comicDetailsRoute,
  comicChaptersRoute,
  comicReadRoute,
  comicAuthorRoute,
  bookHomeRoute,
  bookDetailsRoute,
  bookChaptersRoute,
  bookReadRoute,
  casesRoutes,
  bookCasesRoutes,
  readRoutes,
  bookReadAddRoute,
  searchRoutes,
  rankIndexRoute,
  viewCounterLifecycle,
  categoryRoutes,
  adRoutes,
];
