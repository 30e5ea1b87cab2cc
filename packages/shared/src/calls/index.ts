import { appInitCall, appStartCall } from './app.js';
import type { CallDefinition } from './define.js';
import { userIndexCall } from './user.js';
import * as catalogueCalls from './catalogue.js';
import * as homeCalls from './home.js';
import * as readerCalls from './reader.js';
import * as shelfCalls from './shelf.js';
import * as historyCalls from './history.js';
import * as searchCalls from './search.js';
import * as rankCalls from './rank.js';
import * as loginCalls from './login.js';
import * as accountCalls from './account.js';
import * as commentCalls from './comment.js';
import * as animeCalls from './anime.js';
import * as messageCalls from './message.js';
import * as followCalls from './follow.js';
import * as feedbackCalls from './feedback.js';
import * as helpCalls from './help.js';
import * as moneyCalls from './money.js';
import * as analyticsCalls from './analytics.js';
import * as taskCalls from './task.js';
import * as inviteCalls from './invite.js';
import * as updateCalls from './update.js';
import * as adCalls from './ad.js';
import * as aiCalls from './ai.js';
import * as aiChatCalls from './ai-chat.js';
import * as appTokenCalls from './app-tokens.js';
import * as recommendationCalls from './recommendation.js';

export * from './define.js';
export * from './app.js';
export * from './user.js';
export * from './catalogue.js';
export * from './home.js';
export * from './reader.js';
export * from './shelf.js';
export * from './history.js';
export * from './search.js';
export * from './rank.js';
export * from './login.js';
export * from './account.js';
export * from './comment.js';
export * from './message.js';
export * from './follow.js';
export * from './feedback.js';
export * from './help.js';
export * from './anime.js';
export * from './money.js';
export * from './analytics.js';
export * from './task.js';
export * from './invite.js';
export * from './update.js';
export * from './ad.js';
export * from './ai.js';
export * from './ai-chat.js';
export * from './app-tokens.js';
export * from './recommendation.js';

/** The discovery/reading calls (comics and novels): every export named `…Call` of their modules. */
const DISCOVERY_CALLS = [
  catalogueCalls,
  homeCalls,
  readerCalls,
  shelfCalls,
  historyCalls,
  searchCalls,
  rankCalls,
].flatMap((module) =>
  Object.entries(module).flatMap(([name, value]) => (name.endsWith('Call') ? [value as CallDefinition] : [])),
);

/** Accounts and identity: every export named `…Call` of login.ts and account.ts. */
const ACCOUNT_CALLS = [loginCalls, accountCalls].flatMap((module) =>
  Object.entries(module).flatMap(([name, value]) => (name.endsWith('Call') ? [value as CallDefinition] : [])),
);

/** Community: comments, messages, follows, feedback and help. */
const COMMUNITY_CALLS = [commentCalls, messageCalls, followCalls, feedbackCalls, helpCalls].flatMap(
  (module) =>
    Object.entries(module).flatMap(([name, value]) =>
      name.endsWith('Call') ? [value as CallDefinition] : [],
    ),
);

/** Every call the server serves; the OpenAPI document and the route table are built from this. */
export const ALL_CALLS: readonly CallDefinition[] = [
  appInitCall,
  appStartCall,
  userIndexCall,
  ...DISCOVERY_CALLS,
  ...ACCOUNT_CALLS,
  ...COMMUNITY_CALLS,
  // Anime: details, play info and watch progress.
  ...callsOf(animeCalls),
  // Money and the analytics events it emits.
  ...callsOf(moneyCalls),
  ...callsOf(analyticsCalls),
  // Growth: tasks, invites, the update prompt and ad statistics.
  ...callsOf(taskCalls),
  ...callsOf(inviteCalls),
  ...callsOf(updateCalls),
  ...callsOf(adCalls),
  // AI: images, credits and the log; chat and reading helpers.
  ...callsOf(aiCalls),
  ...callsOf(aiChatCalls),
  // App tokens for e-reader apps (OPDS).
  ...callsOf(appTokenCalls),
  // Recommendations: "for you" and "readers of this also read".
  ...callsOf(recommendationCalls),
];

function callsOf(module: Record<string, unknown>): CallDefinition[] {
  return Object.entries(module).flatMap(([name, value]) =>
    name.endsWith('Call') ? [value as CallDefinition] : [],
  );
}
export * from './call-ref.js';
