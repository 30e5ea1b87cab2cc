/** The money domain's /v3 calls owned by the ledger side (payments live in routes/pay). */
import type { FastifyPluginAsync } from 'fastify';
import { assistRoute } from './assist.js';
import { bonusExpiryLifecycle } from './bonus-expiry-lifecycle.js';
import { unlockRoute } from './unlock.js';
import { walletRoute } from './wallet.js';

export const MONEY_ROUTES: FastifyPluginAsync[] = [
  walletRoute,
  unlockRoute,
  assistRoute,
  bonusExpiryLifecycle,
];
