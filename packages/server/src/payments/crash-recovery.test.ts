/**
 * kill -9 between payment and fulfilment: the real server runs as a child process (SQLite in a temp
 * DATA_DIR), a user orders coins, the cashier's book records the payment but its notification never
 * arrives, and the server is killed with SIGKILL. After a restart the reconciler's start-up pass
 * fulfils the order exactly once; a replayed notification afterwards changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  processCaller,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../testing/server-process.js';
import { signCashierBody } from './cashier-signature.js';

const ENVELOPE_KEY = randomBytes(16).toString('hex');
const API_KEY = `crash-${randomBytes(8).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'dm51-pay-crash-'));
const servers: ServerProcess[] = [];

afterAll(() => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on this test's SQLite folder. */
async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ENVELOPE_KEY,
    API_KEY,
    IMAGE_XOR_KEY: '77',
  });
  servers.push(server);
  return server;
}

const callServer = processCaller({ envelopeKey: ENVELOPE_KEY, apiKey: API_KEY });

async function call<T>(
  base: string,
  path: string,
  payload: Record<string, unknown>,
  session?: ProcessSession,
) {
  const answer = await callServer<T>(
    base,
    path,
    payload,
    session && { ...session, deviceid: 'crash-test-device' },
  );
  if (answer.code !== 1 || !answer.data) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

function withDb<T>(work: (db: SqliteDatabase.Database) => T): T {
  const db = new SqliteDatabase(join(dataDir, 'app.db'), { timeout: 5_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const entriesOf = (orderId: number) =>
  withDb(
    (db) =>
      (db.prepare('select count(*) n from ledger_entries where order_id = ?').get(orderId) as { n: number })
        .n,
  );

describe('payments survive kill -9', () => {
  it('fulfils a paid order exactly once after a SIGKILL and a restart', async () => {
    const first = await startServer();
    const guest = await call<{ token: string; user: { id: number } }>(first.base, '/v3/app/init', {
      deviceid: 'crash-test-device',
    });
    const session = { token: guest.token, uid: guest.user.id };
    withDb((db) => db.prepare('update users set is_guest = 0 where id = ?').run(session.uid));
    const pack = withDb(
      (db) => db.prepare('select id from coin_packages where coins = 300').get() as { id: number },
    );
    const order = async (key: string) =>
      call<{ order: { order_no: string }; pay_url: string }>(
        first.base,
        '/v3/pay/init',
        { product_type: 'coins', product_id: pack.id, method: 'cashier', idempotency_key: key },
        session,
      );
    const lost = await order('crash-lost-notify');
    const half = await order('crash-half-done');

    // The cashier recorded both payments; the notifications never left. The second order is as a
    // crash mid-way leaves it: payment recorded ('paid'), wallet not credited yet. The server then
    // stays down for two minutes (the reconciler asks about orders older than a minute).
    const now = Math.floor(Date.now() / 1000);
    withDb((db) => {
      db.prepare("update cashier_payments set status = 'paid', paid_time = ? where order_no in (?, ?)").run(
        now,
        lost.order.order_no,
        half.order.order_no,
      );
      db.prepare("update payment_orders set status = 'paid', paid_time = ? where order_no = ?").run(
        now,
        half.order.order_no,
      );
      db.prepare('update payment_orders set created_time = created_time - 120 where user_id = ?').run(
        session.uid,
      );
    });
    await first.kill('SIGKILL');
    const ids = withDb((db) =>
      [lost, half].map(
        (o) =>
          (
            db.prepare('select id from payment_orders where order_no = ?').get(o.order.order_no) as {
              id: number;
            }
          ).id,
      ),
    );
    expect(ids.map(entriesOf)).toEqual([0, 0]);

    const second = await startServer();
    const deadline = Date.now() + 10_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = withDb((db) =>
        ids.map(
          (id) =>
            (db.prepare('select status from payment_orders where id = ?').get(id) as { status: string })
              .status,
        ),
      );
      if (statuses.every((s) => s === 'fulfilled')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses).toEqual(['fulfilled', 'fulfilled']);
    expect(ids.map(entriesOf)).toEqual([1, 1]);
    const user = withDb((db) => db.prepare('select coins, ticket from users where id = ?').get(session.uid));
    expect(user).toEqual({ coins: 600, ticket: 60 });

    // The lost notification finally arrives (and again): recognised, nothing moves.
    const payment = withDb(
      (db) =>
        db
          .prepare(
            'select payment_id, order_no, amount_fen, currency from cashier_payments where order_no = ?',
          )
          .get(lost.order.order_no) as {
          payment_id: string;
          order_no: string;
          amount_fen: number;
          currency: string;
        },
    );
    const body = JSON.stringify({
      notify_id: `${payment.payment_id}:paid`,
      ...payment,
      status: 'paid',
      paid_time: now,
    });
    for (let i = 0; i < 2; i++) {
      const replay = await fetch(`${second.base}/pay/notify/cashier`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // PAY_CASHIER_SECRET is unset: the key generated on first start, kept in the database.
          'x-cashier-signature': signCashierBody(
            withDb(
              (db) =>
                (
                  db.prepare("select value from server_secrets where name = 'cashier_notify'").get() as {
                    value: string;
                  }
                ).value,
            ),
            body,
            Math.floor(Date.now() / 1000),
          ),
        },
        body,
      });
      expect(replay.status).toBe(200);
    }
    expect(ids.map(entriesOf)).toEqual([1, 1]);
    await second.kill('SIGTERM');
  }, 40_000);
});
