/** Search (/pages/home/search, /pages/home/search/searchList), recent and popular searches. */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { SEARCH_KEYWORD_MAX } from '../limits.js';
import { defineCall, emptySchema, pageRequestSchema, pagedListSchema } from './define.js';
import { workCardSchema } from './catalogue.js';

export const searchIndexCall = defineCall({
  path: '/v3/search/index',
  summary:
    'Full-text search of published works over titles, alternative titles, authors, tags and summaries (Chinese substrings and Latin words; any case; simplified and traditional Chinese alike; pinyin, initials and mixed input such as 海zw for titles, authors and tags; katakana and hiragana alike, and romaji for kana titles; a Latin word no work holds is read as the nearest indexed word, 1 typo for 4–7 letters, 2 beyond). Ranked: a title that is the keyword, then one that starts with it, then title matches, then authors/tags, then summaries, ties by views; paged. `type` -1 all (default), 0 comics, 1 novels, 2 anime. `suggestion` is present when a word of a search that found nothing was corrected: the keyword as searched (showing results for). `didYouMean` is present when the keyword found fewer than 3 works and a corrected keyword finds clearly more: the list holds the works of the keyword as typed, `didYouMean` is the keyword to offer. Page 1 records the keyword in the recent and popular searches.',
  tag: 'search',
  auth: 'session',
  request: pageRequestSchema.extend({
    keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
    type: intField(-1, 2).default(-1),
  }),
  response: pagedListSchema(workCardSchema).extend({
    suggestion: z.string().optional(),
    didYouMean: z.string().optional(),
  }),
});

export const searchSuggestCall = defineCall({
  path: '/v3/search/suggest',
  summary:
    'Suggestions as the reader types: up to `limit` (default 8) titles of published works and authors whose name starts with or holds the keyword, in either Chinese script, in pinyin or initials. A title or an author that starts with it comes first, then by views. `type` narrows the titles to one type (-1 all).',
  tag: 'search',
  auth: 'session',
  request: z.object({
    keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
    type: intField(-1, 2).default(-1),
    limit: intField(1, 8).default(8),
  }),
  response: z.object({
    list: z.array(
      z.object({
        kind: z.enum(['title', 'author']),
        id: z.number().int(),
        type: z.number().int(),
        text: z.string(),
      }),
    ),
  }),
});

export const searchHistoryCall = defineCall({
  path: '/v3/search/history',
  summary: "The session's recent searches, newest first (at most 20, each keyword once).",
  tag: 'search',
  auth: 'session',
  request: emptySchema,
  response: z.object({ list: z.array(z.object({ keyword: z.string(), addtime: z.number().int() })) }),
});

export const searchHistoryClearCall = defineCall({
  path: '/v3/search/history_clear',
  summary: "Clear the session's recent searches.",
  tag: 'search',
  auth: 'session',
  request: emptySchema,
  response: emptySchema,
});

export const searchHotCall = defineCall({
  path: '/v3/search/hot',
  summary:
    'Popular searches: keywords searched by the most distinct users over the last 30 days that found something, most first.',
  tag: 'search',
  auth: 'session',
  request: z.object({ limit: intField(1, 50).default(10) }),
  response: z.object({ list: z.array(z.object({ keyword: z.string(), count: z.number().int() })) }),
});
