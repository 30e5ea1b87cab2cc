/**
 * The cashier's notify key is a server secret: PAY_CASHIER_SECRET as is, else generated at random on
 * first start and kept in server_secrets, so every instance on one database shares it. It is never
 * derived from ENVELOPE_KEY, which every visitor downloads in /app-config.js.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/database.js';
import {
  coinPackage,
  cashierRow,
  cashierNotice,
  ledgerEntries,
  newKey,
  orderRow,
  postNotify,
  type InitAnswer,
} from '../testing/payments.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient } from '../testing/test-client.js';
import { defaultPaymentsConfig } from './payment-config.js';

/** The derivation this server used before: anyone holding the public ENVELOPE_KEY could compute it. */
const oldDerivedSecret = (envelopeKey: string) =>
  createHmac('sha256', envelopeKey).update('dm51 cashier notify v1').digest('hex');

let a: TestApp;
let client: TestClient;
let b: FastifyInstance;
let bDb: Database | null = null;

beforeAll(async () => {
  a = await buildTestApp();
  client = createTestClient(a);
  // A second instance on the same database (PostgreSQL: its own pool on the test schema).
  if (testDatabaseUrl()) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(a.db);
    bDb = createDatabase(a.config, { pgSchema: rows[0]!.schema });
  }
  b = await buildApp(a.config, { db: bDb ?? a.db });
  await b.ready();
}, 60_000);

afterAll(async () => {
  await b?.close();
  await bDb?.destroy();
  await a?.close();
});

describe('the cashier notify key', () => {
  it('is generated, stored once, and shared by two apps on one database', async () => {
    expect(a.config.payments?.cashier.secret ?? null).toBeNull();
    const rows = await a.db
      .selectFrom('server_secrets')
      .selectAll()
      .where('name', '=', 'cashier_notify')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);
    expect(a.app.services.money.payments.cashierSecret()).toBe(rows[0]!.value);
    expect(b.services.money.payments.cashierSecret()).toBe(rows[0]!.value);
    expect(rows[0]!.value).not.toBe(oldDerivedSecret(a.config.envelopeKey));
  });

  it('refuses a notification signed with the key derived from ENVELOPE_KEY, and changes nothing', async () => {
    const user = await client.initGuest();
    await a.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', user.userId).execute();
    const pack = (await coinPackage(a.db, 300)).id;
    const answer = await client.call<InitAnswer>(
      '/v3/pay/init',
      { product_type: 'coins', product_id: pack, method: 'cashier', idempotency_key: newKey() },
      { session: { ...user, isGuest: false } },
    );
    expect(answer.code, answer.msg).toBe(1);
    const { order_no } = answer.data!.order;
    const entries = await ledgerEntries(a.db);
    const forged = cashierNotice(await cashierRow(a.db, order_no), oldDerivedSecret(a.config.envelopeKey));
    for (const app of [a.app, b]) {
      const response = await postNotify(app, forged);
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe('cashier signature mismatch');
    }
    expect((await orderRow(a.db, order_no)).status).toBe('created');
    expect(await ledgerEntries(a.db)).toBe(entries);
    expect(await a.app.services.money.wallet.wallet(user.userId)).toMatchObject({ cion: 0 });

    // Signed by one instance's key, verified by the other: the shared key is the one that counts.
    const genuine = cashierNotice(
      await cashierRow(a.db, order_no),
      b.services.money.payments.cashierSecret(),
    );
    await a.db
      .updateTable('cashier_payments')
      .set({ status: 'paid' })
      .where('order_no', '=', order_no)
      .execute();
    expect((await postNotify(a.app, genuine)).statusCode).toBe(200);
    expect((await orderRow(a.db, order_no)).status).toBe('fulfilled');
  });
});

describe('a configured PAY_CASHIER_SECRET', () => {
  it('is used as is and never stored', async () => {
    const configured = 'a-configured-cashier-secret-0123456789';
    const ctx = await buildTestApp({
      payments: { ...defaultPaymentsConfig(), cashier: { enabled: true, secret: configured } },
    });
    try {
      expect(ctx.app.services.money.payments.cashierSecret()).toBe(configured);
      const stored = await ctx.db
        .selectFrom('server_secrets')
        .select('name')
        .where('name', '=', 'cashier_notify')
        .execute();
      expect(stored).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
