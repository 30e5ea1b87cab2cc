/**
 * Every query key of the app, by resource, and what each change on the server makes stale. Query
 * modules and pages take their keys from here and refresh through `invalidate`, so what a mutation
 * changes is read in one table, not found by grepping.
 *
 * Mutation (or plain call that changes server state) → resources invalidated
 *
 *   login, register, recover, identity login   → everything dropped (new identity), user reloaded
 *   logout, account deletion, clear cache       → everything dropped, fresh guest / everything refetched
 *   bind phone / e-mail                         → user (reloaded), wallet, tasks, ai, messages
 *   edit nickname / avatar                      → user (set from the answer), tasks, comments
 *   regenerate identity card                    → card (set from the answer)
 *   send feedback                               → feedback
 *   enter an invite code                        → wallet, invite, tasks
 *   open a message / read all                   → unread counts (set from the answer), message lists
 *   check-in, make-up, claim a task             → tasks, wallet, ai (a task may pay AI credits)
 *   share a work, turn notifications on         → tasks
 *   reading/watching time report                → — (the task centre refetches on every visit)
 *   buy chapters (comic, novel, anime)          → wallet, unlocks, tasks
 *   auto-unlock switch, refused purchase        → that chapter's quote
 *   order fulfilled (VIP, coins)                → wallet, unlocks (VIP opens chapters), tasks (top-up task)
 *   cancel an order                             → that order (set from the answer), the order log
 *   AI image, buy AI credits                    → ai, wallet
 *   AI job done or failed                       → ai
 *   delete an AI image                          → ai
 *   AI chat sent, chat cleared                  → ai chat, ai (credits)
 *   post a comment, like, block / unblock       → comments (a posted comment also: tasks)
 *   favourite (comic, novel)                    → that work's detail (optimistic), shelf, tasks
 *   favourite (anime)                           → that anime's detail, shelf
 *   remove from the shelf                       → shelf, those works' details
 *   follow / unfollow                           → follows
 *   reading place saved                         → history, shelf, that work's detail
 *   delete history                              → history
 *   search (first page), clear recent searches  → recent searches
 *   create / revoke an OPDS token               → OPDS tokens
 *   not interested / show again (a work)        → recommendations (for you, also read, the hidden list)
 *
 * Changed by someone else (an operator's feedback reply, an invite reward when a friend registers,
 * a refund, a grant): the queries that show them are `LIVE` (fetched on every visit and when the app
 * comes back to the foreground), and a change of the polled unread counts, which is how replies,
 * rewards and refunds announce themselves, refreshes what they change (`refreshIfUnreadChanged`).
 */
import type { MessageNums } from '@dm51/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { WorkFilter } from './catalogue';
import type { CommentSort } from './comment';

export const userKeys = {
  all: ['user'] as const,
  info: (uid: number) => ['user', 'info', uid] as const,
};

export const accountKeys = {
  card: (uid: number) => ['account', 'card', uid] as const,
};

export const moneyKeys = {
  all: ['money'] as const,
  products: ['money', 'products'] as const,
  orders: ['money', 'orders'] as const,
  expenses: ['money', 'expenses'] as const,
  order: (orderNo: string) => ['money', 'order', orderNo] as const,
  quotes: ['money', 'quote'] as const,
  quote: (chapterId: number) => ['money', 'quote', chapterId] as const,
  assist: ['money', 'assist'] as const,
  help: (code: string) => ['money', 'help', code] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  nums: ['messages', 'nums'] as const,
  lists: ['messages', 'list'] as const,
  list: (type: number) => ['messages', 'list', type] as const,
  one: (id: number) => ['messages', 'one', id] as const,
};

export const feedbackKeys = { all: ['feedback'] as const, list: ['feedback', 'list'] as const };

export const inviteKeys = {
  all: ['invite'] as const,
  index: ['invite', 'index'] as const,
  friends: ['invite', 'friends'] as const,
};

export const taskKeys = {
  all: ['task'] as const,
  index: (uid: number) => ['task', 'index', uid] as const,
  log: (uid: number) => ['task', 'log', uid] as const,
};

export const aiKeys = {
  all: ['ai'] as const,
  indexes: ['ai', 'index'] as const,
  index: (uid: number) => ['ai', 'index', uid] as const,
  job: (id: number) => ['ai', 'job', id] as const,
  galleries: ['ai', 'gallery'] as const,
  gallery: (uid: number) => ['ai', 'gallery', uid] as const,
  logs: ['ai', 'log'] as const,
  log: (uid: number) => ['ai', 'log', uid] as const,
};

export const aiChatKeys = {
  all: ['ai-chat'] as const,
  characters: (workId: number) => ['ai-chat', 'characters', workId] as const,
  history: (workId: number, character: string) => ['ai-chat', 'history', workId, character] as const,
  conversations: (uid: number) => ['ai-chat', 'conversations', uid] as const,
  helper: (kind: 'recap' | 'summary', chapterId: number) => ['ai-chat', kind, chapterId] as const,
};

export const animeKeys = {
  all: ['anime'] as const,
  detail: (id: number) => ['anime', 'detail', id] as const,
  play: (chapterId: number) => ['anime', 'play', chapterId] as const,
  favorites: ['anime', 'favorites'] as const,
};

export const catalogueKeys = {
  all: ['catalogue'] as const,
  detail: (type: number, id: number) => ['catalogue', 'detail', type, id] as const,
  chapters: (type: number, id: number) => ['catalogue', 'chapters', type, id] as const,
  filters: (type: number) => ['catalogue', 'filters', type] as const,
  works: (filter: WorkFilter) => ['catalogue', 'works', filter] as const,
  tags: (type: number) => ['catalogue', 'tags', type] as const,
  author: (id: number, type: number) => ['catalogue', 'author', id, type] as const,
};

export const readerKeys = {
  all: ['reader'] as const,
  comic: (chapterId: number) => ['reader', 'comic', chapterId] as const,
  novel: (chapterId: number) => ['reader', 'novel', chapterId] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  list: (workId: number, sort: CommentSort) => ['comments', 'list', workId, sort] as const,
  children: (id: number) => ['comments', 'children', id] as const,
  blocked: ['comments', 'blocked'] as const,
};

export const shelfKeys = {
  all: ['shelf'] as const,
  list: (type: number) => ['shelf', 'list', type] as const,
};

export const historyKeys = {
  all: ['history'] as const,
  list: (type: number) => ['history', 'list', type] as const,
};

export const followKeys = { all: ['follows'] as const, list: ['follows', 'list'] as const };

export const homeKeys = {
  all: ['home'] as const,
  tab: (tab: number) => ['home', tab] as const,
  sections: (tab: number) => ['home', tab, 'sections'] as const,
};

export const recommendationKeys = {
  all: ['reco'] as const,
  forYous: ['reco', 'for-you'] as const,
  forYou: (type: number) => ['reco', 'for-you', type] as const,
  alsoReads: ['reco', 'also-read'] as const,
  alsoRead: (id: number) => ['reco', 'also-read', id] as const,
  hidden: ['reco', 'hidden'] as const,
};

export const rankKeys = {
  all: ['rank'] as const,
  list: (type: number, by: string, period: string) => ['rank', type, by, period] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  results: (keyword: string, type: number) => ['search', 'results', keyword, type] as const,
  recent: ['search', 'recent'] as const,
  hot: ['search', 'hot'] as const,
};

export const helpKeys = {
  faq: (language: string) => ['help', 'faq', language] as const,
  kefu: (language: string) => ['help', 'kefu', language] as const,
  text: (name: string, language: string) => ['help', 'txt', name, language] as const,
};

export const opdsKeys = { tokens: ['opds', 'tokens'] as const };
export const adKeys = { list: ['ads', 'list'] as const };
export const updateKeys = { config: ['update', 'config'] as const };
export const startSettingsKeys = { all: ['startSettings'] as const };

/** What a change on the server can make stale, each as the key prefixes that show it. */
const RESOURCES = {
  /** The user record (coins, bonus coins, VIP until), the wallet, its logs, quotes and the assist page. */
  wallet: [
    userKeys.all,
    moneyKeys.products,
    moneyKeys.orders,
    moneyKeys.expenses,
    moneyKeys.quotes,
    moneyKeys.assist,
  ],
  /** Every place a chapter's lock is known, so bought or VIP content opens in place. */
  unlocks: [readerKeys.all, animeKeys.all, catalogueKeys.all],
  /** Not an opened message: asking for it again would mark it read again. */
  messages: [messageKeys.nums, messageKeys.lists],
  messageLists: [messageKeys.lists],
  feedback: [feedbackKeys.all],
  invite: [inviteKeys.all],
  tasks: [taskKeys.all],
  /** Not a job being polled: it stops by itself once done. */
  ai: [aiKeys.indexes, aiKeys.galleries, aiKeys.logs],
  aiChat: [aiChatKeys.all],
  comments: [commentKeys.all],
  shelf: [shelfKeys.all, animeKeys.favorites],
  history: [historyKeys.all],
  follows: [followKeys.all],
  opds: [opdsKeys.tokens],
  recommendations: [recommendationKeys.all],
} satisfies Record<string, readonly QueryKey[]>;

export type Resource = keyof typeof RESOURCES;

/** Marks the resources stale; the ones on screen refetch at once, the others on their next visit. */
export function invalidate(client: QueryClient, ...resources: Resource[]): void {
  for (const resource of resources)
    for (const queryKey of RESOURCES[resource]) void client.invalidateQueries({ queryKey });
}

/**
 * Freshness of what someone else changes (an operator's reply, a friend's registration, a refund):
 * asked again on every visit of its page and whenever the app comes back to the foreground.
 */
export const LIVE = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

/**
 * When the polled unread counts change: a new message may be a feedback reply, a reward or a refund
 * (and one read elsewhere changes the lists too). Not the counts themselves, which were just answered.
 */
export function refreshIfUnreadChanged(
  client: QueryClient,
  before: MessageNums | undefined,
  after: MessageNums,
): void {
  if (!before) return;
  const same =
    before.total === after.total &&
    before.system === after.system &&
    before.reply === after.reply &&
    before.update === after.update;
  if (!same) invalidate(client, 'messageLists', 'wallet', 'feedback', 'invite');
}
