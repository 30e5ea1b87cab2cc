/**
 * Wiring of payments: the enabled providers (the built-in demo cashier unless
 * PAY_CASHIER=off; Stripe Checkout when its keys are set), the order service over them and the
 * reconciler. The products route takes `methods()` and `currency` from here.
 */
import type { PayMethod } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { CashierGateway } from '../payments/cashier-gateway.js';
import { CashierProvider } from '../payments/cashier-provider.js';
import { defaultPaymentsConfig, type PaymentsConfig } from '../payments/payment-config.js';
import { ProviderRegistry, type PaymentProvider } from '../payments/payment-provider.js';
import { PaymentReconciler } from '../payments/payment-reconciler.js';
import { StripeProvider } from '../payments/stripe-provider.js';
import { CashierRepository } from '../repositories/cashier.repository.js';
import { OrderRepository } from '../repositories/order.repository.js';
import type { LedgerService } from './ledger.service.js';
import { OrderService } from './order.service.js';
import type { ProductsService } from './products.service.js';
import { SECRET_NAMES, ServerSecrets } from './server-secrets.js';
import type { ServiceDeps } from './service-deps.js';
import type { WalletService } from './wallet.service.js';

export interface PaymentServices {
  orders: OrderService;
  reconciler: PaymentReconciler;
  /** The demo cashier's gateway side (its page and notifications); null when PAY_CASHIER=off. */
  cashier: CashierGateway | null;
  providers: ProviderRegistry;
  config: PaymentsConfig;
  /** ISO 4217 currency of every price (PAY_CURRENCY). */
  currency: string;
  /** The payment methods this server offers, for /v3/pay/products. */
  methods(): PayMethod[];
  /** Loads the server secrets payments sign with; the payments plugin awaits it at start-up. */
  ready(): Promise<void>;
  /** The cashier's notify key: PAY_CASHIER_SECRET, else the generated one (after `ready`). */
  cashierSecret(): string;
}

export function createPaymentServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
  money: { ledger: LedgerService; wallet: WalletService; products: ProductsService },
): PaymentServices {
  const config = deps.config?.payments ?? defaultPaymentsConfig();
  // PAY_CASHIER_SECRET as is; unset, a random key kept in server_secrets (shared by the cluster).
  const secrets = new ServerSecrets(
    db,
    config.cashier.secret === null ? {} : { [SECRET_NAMES.cashierNotify]: config.cashier.secret },
  );
  const cashierSecret = () => secrets.get(SECRET_NAMES.cashierNotify);
  const providers: PaymentProvider[] = [];
  let cashier: CashierGateway | null = null;
  if (config.cashier.enabled) {
    cashier = new CashierGateway(new CashierRepository(db), cashierSecret, log.child({ part: 'cashier' }));
    providers.push(new CashierProvider(cashier, cashierSecret));
  }
  if (config.stripe) providers.push(new StripeProvider(config.stripe));
  const registry = new ProviderRegistry(providers);
  const orders = new OrderService(
    new OrderRepository(db),
    money.ledger,
    money.wallet,
    money.products,
    registry,
    { currency: config.currency, orderTtlS: config.orderTtlS },
    log,
  );
  return {
    orders,
    reconciler: new PaymentReconciler(orders, config.reconcileIntervalS, log.child({ part: 'reconciler' })),
    cashier,
    providers: registry,
    config,
    currency: config.currency,
    methods: () => registry.all().map((provider) => ({ id: provider.id, name: provider.name })),
    ready: async () => {
      if (config.cashier.enabled) await secrets.load(SECRET_NAMES.cashierNotify);
    },
    cashierSecret,
  };
}
