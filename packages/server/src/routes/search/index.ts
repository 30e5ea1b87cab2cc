/** /v3/search/index, suggest, history, history_clear, hot. */
import {
  searchHistoryCall,
  searchHistoryClearCall,
  searchHotCall,
  searchIndexCall,
  searchSuggestCall,
} from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  // Identical searches share one page object for a few seconds (SearchService's cache).
  registerCall(
    app,
    searchIndexCall,
    async (input, context) =>
      app.services.search.find(sessionOf(context).userId, input.keyword, input.type, input.page, input.limit),
    { sharedAnswer: true },
  );
  // Served from memory (search-suggest.ts): cheap enough for every keystroke.
  registerCall(app, searchSuggestCall, async (input) =>
    app.services.search.suggest(input.keyword, input.type, input.limit),
  );
  registerCall(app, searchHistoryCall, async (_input, context) =>
    app.services.search.recent(sessionOf(context).userId),
  );
  registerCall(app, searchHistoryClearCall, async (_input, context) =>
    app.services.search.clearRecent(sessionOf(context).userId),
  );
  registerCall(app, searchHotCall, async (input) => app.services.search.hot(input.limit));
};
