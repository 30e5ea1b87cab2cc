/**
 * Wiring of the AI section: what a generation costs (free tries, then AI credits through
 * the ledger), image generation (AI cos) and character chat with the reading helpers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { AiFreeUsesRepository } from '../repositories/ai-free-uses.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { AiChargesService } from './ai-charges.service.js';
import { createAiImageServices, type AiImageServices } from './ai-image-services.js';
import { createAiChatServices, type AiChatServices } from './ai-chat-services.js';
import type { MoneyServices } from './money-services.js';
import type { ServiceDeps } from './service-deps.js';

export interface AiServices {
  charges: AiChargesService;
  images: AiImageServices;
  chat: AiChatServices;
}

export function createAiServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
  { money, today }: { money: MoneyServices; today: () => number },
): AiServices {
  const charges = new AiChargesService(
    money.wallet,
    new AiFreeUsesRepository(db),
    new SettingsRepository(db),
    today,
  );
  return {
    charges,
    images: createAiImageServices(db, log.child({ module: 'ai-images' }), deps, { money, charges }),
    chat: createAiChatServices(db, log.child({ module: 'ai-chat' }), deps, { money, charges }),
  };
}
