/** Wiring of character chat and the reading helpers (recap, summary), with their providers. */
import type { FastifyBaseLogger } from 'fastify';
import type { AiChatConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import type { AiChargesService } from './ai-charges.service.js';
import type { AiLogWriter } from './ai-chat-log.js';
import { AiLogRepository } from '../repositories/ai-log.repository.js';
import { ChatGrounding } from './ai-chat-grounding.js';
import { OpenAiChatProvider } from './ai-chat-openai.js';
import type { ChatProvider } from './ai-chat-provider.js';
import { AiChatService, type ChatPlugs } from './ai-chat.service.js';
import { AiHelpersService } from './ai-helpers.service.js';
import { ModerationService } from './moderation.service.js';
import type { MoneyServices } from './money-services.js';
import type { ServiceDeps } from './service-deps.js';

export interface AiChatServices {
  chat: AiChatService;
  helpers: AiHelpersService;
  /** The provider, log writer and time limit in use (tests and the integration swap them). */
  plugs: ChatPlugs;
}

/**
 * The chat model the operator connected, or null. There is no stand-in: without a model, chat is
 * refused (AI_CHAT_NO_MODEL, nothing charged) and the reading helpers quote the text instead.
 */
export function chatProviderFor(config: AiChatConfig | undefined): ChatProvider | null {
  if (config?.provider === 'openai') {
    return new OpenAiChatProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model });
  }
  return null;
}

/**
 * Chat lines go to the AI log the images side owns (`ai_log`, AiLogRepository). Chat says a reply
 * is 'done' or 'refunded'; the log's words for a message are 'ok' (sent) and 'failed' (refunded).
 */
const aiLogWriter: AiLogWriter = {
  async add(db, row) {
    await new AiLogRepository(db).add({
      userId: row.userId,
      kind: row.kind,
      refId: row.refId,
      title: row.title,
      costCredits: row.costCredits,
      paidWith: row.paidWith === 'credits' ? 'credits' : 'free',
      status: row.status === 'refunded' ? 'failed' : 'ok',
      time: row.createdTime,
    });
  },
};

export function createAiChatServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
  { money, charges }: { money: MoneyServices; charges: AiChargesService },
): AiChatServices {
  const config = deps.config?.aiChat;
  const plugs: ChatPlugs = {
    provider: chatProviderFor(config),
    log: aiLogWriter,
    timeoutS: config?.timeoutS ?? 60,
  };
  const grounding = new ChatGrounding(db);
  const moderation = new ModerationService(new SettingsRepository(db), log);
  return {
    chat: new AiChatService(db, money, charges, grounding, moderation, plugs, log),
    helpers: new AiHelpersService(db, grounding, plugs, log),
    plugs,
  };
}
