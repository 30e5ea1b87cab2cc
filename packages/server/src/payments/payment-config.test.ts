import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const KEY = 'ab'.repeat(16);

describe('payment configuration', () => {
  it('defaults: CNY, 30-minute orders, the cashier on with a generated key (never derived), no Stripe', () => {
    const { payments } = loadConfig({ ENVELOPE_KEY: KEY });
    expect(payments).toEqual({
      currency: 'CNY',
      orderTtlS: 1800,
      cashier: { enabled: true, secret: null },
      stripe: null,
      publicUrl: null,
      reconcileIntervalS: 60,
    });
  });

  it('reads every variable', () => {
    const { payments } = loadConfig({
      ENVELOPE_KEY: KEY,
      PAY_CURRENCY: 'usd',
      PAY_ORDER_TTL_S: '600',
      PAY_RECONCILE_S: '0',
      PAY_CASHIER: 'off',
      PAY_CASHIER_SECRET: 'a-cashier-secret-of-some-length',
      PAY_PUBLIC_URL: 'https://dm51.example',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(payments).toMatchObject({
      currency: 'USD',
      orderTtlS: 600,
      reconcileIntervalS: 0,
      cashier: { enabled: false, secret: 'a-cashier-secret-of-some-length' },
      publicUrl: 'https://dm51.example',
      stripe: {
        secretKey: 'sk_live_x',
        webhookSecret: 'whsec_x',
        apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
      },
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PAY_CURRENCY: 'yuan' })).toThrow(/PAY_CURRENCY must be a 3-letter/);
    expect(() => loadConfig({ PAY_ORDER_TTL_S: '5' })).toThrow(/PAY_ORDER_TTL_S must be an integer/);
    expect(() => loadConfig({ PAY_CASHIER: 'maybe' })).toThrow(/PAY_CASHIER must be on or off/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    );
    expect(() => loadConfig({ PAY_PUBLIC_URL: 'dm51.example' })).toThrow(ConfigError);
  });
});
