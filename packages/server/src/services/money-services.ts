/**
 * Wiring of the money domain: the ledger and the wallet on top of it, products,
 * chapter unlocks, payment orders and providers and friends help. Other
 * domains (tasks, invites, AI) take `wallet` from here to pay rewards and charge prices.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { ProductsRepository } from '../repositories/products.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { MoneySettingsService } from './money-settings.service.js';
import { UnlockService } from './unlock.service.js';
import { AssistService } from './assist.service.js';
import type { ServiceDeps } from './service-deps.js';
import { LedgerService } from './ledger.service.js';
import { ProductsService } from './products.service.js';
import { WalletService } from './wallet.service.js';
import { createPaymentServices, type PaymentServices } from './payment-services.js';

export interface MoneyServices {
  ledger: LedgerService;
  wallet: WalletService;
  products: ProductsService;
  settings: MoneySettingsService;
  unlocks: UnlockService;
  assist: AssistService;
  payments: PaymentServices;
}

export function createMoneyServices(db: Database, log: FastifyBaseLogger, deps: ServiceDeps): MoneyServices {
  const ledger = new LedgerService(db);
  const wallet = new WalletService(db, ledger);
  const products = new ProductsService(new ProductsRepository(db));
  const settings = new MoneySettingsService(new SettingsRepository(db), log.child({ module: 'money' }));
  return {
    ledger,
    wallet,
    products,
    settings,
    unlocks: new UnlockService(db, ledger, wallet, settings, new CatalogueRepository(db)),
    assist: new AssistService(db, ledger, wallet),
    payments: createPaymentServices(db, log.child({ module: 'payments' }), deps, {
      ledger,
      wallet,
      products,
    }),
  };
}
