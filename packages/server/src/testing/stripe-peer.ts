/**
 * A Stripe-shaped HTTP server on loopback for tests: the few API calls the Stripe provider makes,
 * form-encoded as the official SDK sends them, answered in Stripe's JSON shapes (Checkout Sessions,
 * refunds, errors), with Idempotency-Key replays as Stripe does them. `mode` switches to errors
 * (402 card error, 500 API error) or slow answers (for client timeouts). `complete()` plays the
 * payer paying on Stripe's page; `event()` builds a webhook event for a session.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
}

export interface PeerRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export type PeerMode = 'ok' | 'error402' | 'error500' | 'slow';

export interface StripePeer {
  /** For STRIPE_API_BASE / the provider's apiBase. */
  url: string;
  port: number;
  mode: PeerMode;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  requests: PeerRequest[];
  sessions: Map<string, PeerSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** The payer paid on Stripe's page. */
  complete(sessionId: string, paymentStatus?: PeerSession['payment_status']): PeerSession;
  expire(sessionId: string): PeerSession;
  /** A webhook event (JSON text) about a session as it is now. */
  event(type: string, sessionId: string, eventId?: string): string;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startStripePeer(): Promise<StripePeer> {
  const sessions = new Map<string, PeerSession>();
  const refunds: StripePeer['refunds'] = [];
  const replays = new Map<string, unknown>();
  const requests: PeerRequest[] = [];

  const peer = {} as StripePeer;

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      const form = await readForm(req);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({
        method: req.method ?? '',
        path,
        form,
        idempotencyKey,
        authorization: req.headers.authorization,
      });
      if (peer.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, peer.slowMs));
      if (peer.mode === 'error402')
        return stripeError(res, 402, 'card_error', 'Your card was declined.', 'card_declined');
      if (peer.mode === 'error500')
        return stripeError(res, 500, 'api_error', 'Something went wrong on our end.');
      if (!req.headers.authorization?.startsWith('Bearer sk_'))
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');

      const answer = (body: unknown) => {
        if (idempotencyKey && req.method === 'POST') replays.set(`${path}|${idempotencyKey}`, body);
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      const replay = idempotencyKey ? replays.get(`${path}|${idempotencyKey}`) : undefined;
      if (replay && req.method === 'POST') return answer(replay);

      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const amount = Number(form['line_items[0][price_data][unit_amount]']);
        const quantity = Number(form['line_items[0][quantity]'] ?? 1);
        if (!Number.isInteger(amount) || !form['success_url'])
          return stripeError(res, 400, 'invalid_request_error', 'Missing required param: line_items.');
        const sessionId = id('cs');
        const session: PeerSession = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: amount * quantity,
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          client_reference_id: form['client_reference_id'] ?? null,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([name]) => /^metadata\[[^\]]+\]$/.test(name))
              .map(([name, value]) => [name.slice(9, -1), value]),
          ),
          payment_intent: null,
          success_url: form['success_url'],
          cancel_url: form['cancel_url'] ?? '',
          expires_at: Number(form['expires_at'] ?? Math.floor(Date.now() / 1000) + 86_400),
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        };
        sessions.set(sessionId, session);
        return answer(session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      if (match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session)
          return stripeError(
            res,
            404,
            'invalid_request_error',
            `No such checkout.session: '${match[1]}'`,
            'resource_missing',
          );
        if (req.method === 'GET' && !match[2]) return answer(session);
        if (req.method === 'POST' && match[2]) {
          if (session.status !== 'open')
            return stripeError(
              res,
              400,
              'invalid_request_error',
              `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            );
          return answer(peer.expire(session.id));
        }
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const paymentIntent = form['payment_intent'] ?? '';
        const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
        if (!session)
          return stripeError(
            res,
            404,
            'invalid_request_error',
            `No such payment_intent: '${paymentIntent}'`,
            'resource_missing',
          );
        if (refunds.some((refund) => refund.payment_intent === paymentIntent))
          return stripeError(
            res,
            400,
            'invalid_request_error',
            `Charge for ${paymentIntent} has already been refunded.`,
            'charge_already_refunded',
          );
        const refund = { id: id('re'), payment_intent: paymentIntent, amount: session.amount_total };
        refunds.push(refund);
        return answer({
          ...refund,
          object: 'refund',
          currency: session.currency,
          status: 'succeeded',
          created: Math.floor(Date.now() / 1000),
        });
      }
      return stripeError(
        res,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${path}).`,
      );
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const get = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe peer: no session ${sessionId}`);
    return session;
  };

  Object.assign(peer, {
    url: `http://127.0.0.1:${port}`,
    port,
    mode: 'ok' as PeerMode,
    slowMs: 2_000,
    requests,
    sessions,
    refunds,
    complete(sessionId: string, paymentStatus: PeerSession['payment_status'] = 'paid') {
      const session = get(sessionId);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent ??= id('pi');
      return session;
    },
    expire(sessionId: string) {
      const session = get(sessionId);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    event(type: string, sessionId: string, eventId = id('evt')) {
      return JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...get(sessionId) } },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return peer;
}
