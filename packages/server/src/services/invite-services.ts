/** Wiring of the invite programme: codes, invitations, rewards and their milestones. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import type { FriendMilestones } from './growth-hooks.js';
import { InviteRewards } from './invite-rewards.service.js';
import { InviteSettingsService } from './invite-settings.service.js';
import { InviteService } from './invite.service.js';
import type { MoneyServices } from './money-services.js';
import type { ServiceDeps } from './service-deps.js';

export interface InviteServices {
  invites: InviteService;
  settings: InviteSettingsService;
  /** What tasks and payments report so an inviter's extra reward is paid. */
  milestones: FriendMilestones;
}

export function createInviteServices(
  db: Database,
  log: FastifyBaseLogger,
  _deps: ServiceDeps,
  { money }: { money: MoneyServices },
): InviteServices {
  const settings = new InviteSettingsService(new SettingsRepository(db), log.child({ module: 'invites' }));
  const milestones = new InviteRewards(money.wallet, settings);
  // Payment fulfilment reports 'first_topup' through the wallet (the tasks domain gets
  // `milestones` from services/index.ts and reports 'first_task' itself).
  money.wallet.milestones = milestones;
  return {
    invites: new InviteService(db, money.ledger, milestones, settings),
    settings,
    milestones,
  };
}
