/**
 * Payment settings, read from the environment by config.ts (docs/reference/configuration.md): the
 * currency of every price, how long an unpaid order stays payable, the built-in demo cashier and Stripe
 * Checkout. A config without them (server unit tests) gets `defaultPaymentsConfig`: the cashier on,
 * no Stripe, and no periodic reconciler (tests drive it).
 */
import { z } from 'zod';

export interface StripeApiBase {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the client sends API requests (tests: a Stripe-shaped peer on loopback); null = Stripe. */
  apiBase: StripeApiBase | null;
  timeoutMs: number;
  /** The SDK retries network errors and 5xx with the same idempotency key, so a retry never pays twice. */
  maxNetworkRetries: number;
}

export interface CashierConfig {
  enabled: boolean;
  /**
   * HMAC-SHA256 key of the cashier's server-to-server notifications (PAY_CASHIER_SECRET); null: a
   * random key generated on first start and kept in the database (services/server-secrets.ts). It
   * is never derived from ENVELOPE_KEY, which every visitor downloads in /app-config.js.
   */
  secret: string | null;
}

export interface PaymentsConfig {
  /** ISO 4217 code of every *_fen amount. */
  currency: string;
  /** A created order can be paid for this long. */
  orderTtlS: number;
  cashier: CashierConfig;
  stripe: StripeConfig | null;
  /** The app's public origin for providers' return URLs (https://dm51.example); null: from the request. */
  publicUrl: string | null;
  /** How often the reconciler runs after the start-up pass; 0: only at start. */
  reconcileIntervalS: number;
}

export const DEFAULT_ORDER_TTL_S = 30 * 60;
export const DEFAULT_RECONCILE_INTERVAL_S = 60;
const STRIPE_TIMEOUT_MS = 20_000;

export function defaultPaymentsConfig(): PaymentsConfig {
  return {
    currency: 'CNY',
    orderTtlS: DEFAULT_ORDER_TTL_S,
    cashier: { enabled: true, secret: null },
    stripe: null,
    publicUrl: null,
    reconcileIntervalS: 0,
  };
}

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const seconds = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be an integer from ${min} to ${max}`);

const envSchema = z.object({
  PAY_CURRENCY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'PAY_CURRENCY must be a 3-letter ISO 4217 code, e.g. CNY')
      .transform((code) => code.toUpperCase())
      .default('CNY'),
  ),
  PAY_ORDER_TTL_S: optional.pipe(seconds('PAY_ORDER_TTL_S', 60, 86_400).default(DEFAULT_ORDER_TTL_S)),
  PAY_RECONCILE_S: optional.pipe(seconds('PAY_RECONCILE_S', 0, 3_600).default(DEFAULT_RECONCILE_INTERVAL_S)),
  PAY_CASHIER: optional.pipe(z.enum(['on', 'off'], { error: 'PAY_CASHIER must be on or off' }).default('on')),
  PAY_CASHIER_SECRET: optional.pipe(
    z.string().min(16, 'PAY_CASHIER_SECRET must be at least 16 characters').optional(),
  ),
  PAY_PUBLIC_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+$/, 'PAY_PUBLIC_URL must be an origin like https://dm51.example')
      .optional(),
  ),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+\/?$/, 'STRIPE_API_BASE must be like http://127.0.0.1:12111')
      .optional(),
  ),
});

/**
 * `_envelopeKey` is no longer used (no secret is derived from a public key); the parameter stays
 * only so config.ts keeps compiling until its call drops it.
 */
export function loadPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? '');
    throw new Error(issue.message.includes(variable) ? issue.message : `${variable}: ${issue.message}`);
  }
  const vars = parsed.data;
  if (Boolean(vars.STRIPE_SECRET_KEY) !== Boolean(vars.STRIPE_WEBHOOK_SECRET))
    throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  return {
    currency: vars.PAY_CURRENCY,
    orderTtlS: vars.PAY_ORDER_TTL_S,
    cashier: {
      enabled: vars.PAY_CASHIER === 'on',
      secret: vars.PAY_CASHIER_SECRET ?? null,
    },
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiBase: vars.STRIPE_API_BASE ? parseApiBase(vars.STRIPE_API_BASE) : null,
            timeoutMs: STRIPE_TIMEOUT_MS,
            maxNetworkRetries: 2,
          }
        : null,
    publicUrl: vars.PAY_PUBLIC_URL ?? null,
    reconcileIntervalS: vars.PAY_RECONCILE_S,
  };
}

export function parseApiBase(base: string): StripeApiBase {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/** Start-up warnings: the demo cashier lets anyone "pay" without money. */
export function paymentWarnings(config: PaymentsConfig): string[] {
  return config.cashier.enabled
    ? [
        'PAY_CASHIER is on: the built-in demo cashier completes payments without moving money. ' +
          'Set PAY_CASHIER=off on a server that sells for real.',
      ]
    : [];
}
