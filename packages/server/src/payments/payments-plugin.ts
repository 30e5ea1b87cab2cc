/**
 * The payment HTTP routes outside the /v3 envelope:
 *
 * - the demo cashier's page `GET /cashier/<payment_id>` and its form posts (`/pay`, `/cancel`);
 * - the cashier's signed server-to-server notification `POST /pay/notify/cashier`;
 * - Stripe's webhook `POST /pay/webhook/stripe`.
 *
 * Callbacks are verified over the raw body, so this context reads every body as bytes. Pressing Pay
 * sends the notification the way a gateway would, over real HTTP to the server's own listening
 * address (through `inject` when the app is not listening, as in tests), then redirects the payer
 * back to the app. It also runs the reconciler (start-up pass and timer).
 */
import { JOBS } from '../jobs/job-queue.js';
import { runPeriodically } from '../jobs/periodic.js';
import type { Locale } from '@dm51/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../lib/request-locale.js';
import type { CashierGateway, NotifyTransport } from './cashier-gateway.js';
import { cashierPath, renderCashierNotFound, renderCashierPage } from './cashier-page.js';
import { CASHIER_NOTIFY_PATH } from './cashier-provider.js';
import { paymentWarnings } from './payment-config.js';
import { STRIPE_WEBHOOK_PATH } from './stripe-provider.js';

const CALLBACK_BODY_LIMIT = 256 * 1024;
const NOTIFY_TIMEOUT_MS = 5_000;
/** The page holds the payment id (its capability): never framed, cached or sent as a referrer. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

export const paymentsPlugin: FastifyPluginAsync = async (app) => {
  const payments = app.services.money.payments;
  const log = app.log.child({ module: 'payments' });
  for (const warning of paymentWarnings(payments.config)) log.warn(warning);
  // Before the app serves (and after server.ts has migrated): the notify key is read or created
  // once, then kept in memory, so signing and verifying stay synchronous.
  app.addHook('onReady', async () => payments.ready());

  // The start-up pass and then one pass per interval across all instances (jobs/periodic.ts).
  app.addHook('onReady', async () =>
    runPeriodically(app, JOBS.reconcile, payments.config.reconcileIntervalS, () =>
      payments.reconciler.runOnce(),
    ),
  );
  app.addHook('preClose', async () => payments.reconciler.close());

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const callback =
    (provider: string) =>
    async (
      request: { headers: Record<string, string | string[] | undefined>; body: unknown },
      reply: FastifyReply,
    ) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await payments.orders.handleCallback(provider, { headers: request.headers, rawBody });
      return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.body);
    };
  app.post(STRIPE_WEBHOOK_PATH, callback('stripe'));
  app.post(CASHIER_NOTIFY_PATH, callback('cashier'));

  if (payments.cashier) registerCashierPages(app, payments.cashier, selfNotify(app));
};

/**
 * The payer's language: the app's, passed as `?lang=` when it opens the cashier; else the
 * browser's Accept-Language.
 */
function askedLang(request: FastifyRequest<{ Querystring: { lang?: unknown } }>): string {
  return typeof request.query.lang === 'string' ? request.query.lang : '';
}

function cashierLocale(request: FastifyRequest<{ Querystring: { lang?: unknown } }>): Locale {
  const lang = askedLang(request);
  const accept = request.headers['accept-language'] ?? '';
  return requestLocale([lang, ...(Array.isArray(accept) ? accept : [accept])].filter((tag) => tag !== ''));
}

function registerCashierPages(app: FastifyInstance, cashier: CashierGateway, transport: NotifyTransport) {
  type ById = { Params: { paymentId: string }; Querystring: { lang?: unknown } };
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(PAGE_HEADERS).send(html);

  app.get<ById>('/cashier/:paymentId', async (request, reply) => {
    const locale = cashierLocale(request);
    const payment = await cashier.payment(request.params.paymentId);
    if (!payment) return page(reply, 404, renderCashierNotFound(locale));
    return page(reply, 200, renderCashierPage(payment, Math.floor(Date.now() / 1000), locale));
  });

  app.post<ById>('/cashier/:paymentId/pay', async (request, reply) => {
    const { paymentId } = request.params;
    const locale = cashierLocale(request);
    const payment = await cashier.payment(paymentId);
    if (!payment) return page(reply, 404, renderCashierNotFound(locale));
    const result = await cashier.pay(paymentId);
    if (result === 'not_payable') return reply.redirect(cashierPath(paymentId, askedLang(request)), 303);
    // A second press finds it paid: the notification goes again (a replay, recognised), nothing is paid.
    await cashier.notify(paymentId, transport);
    return reply.redirect(payment.return_url, 303);
  });

  app.post<ById>('/cashier/:paymentId/cancel', async (request, reply) => {
    const payment = await cashier.payment(request.params.paymentId);
    if (!payment) return page(reply, 404, renderCashierNotFound(cashierLocale(request)));
    await cashier.cancel(payment.payment_id);
    return reply.redirect(payment.return_url, 303);
  });
}

/** Posts to our own notify endpoint: over HTTP when listening (as a gateway would), else through inject. */
function selfNotify(app: FastifyInstance): NotifyTransport {
  return async (body, headers) => {
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const host =
        address.address === '0.0.0.0' || address.address === '::'
          ? '127.0.0.1'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
      const response = await fetch(`http://${host}:${address.port}${CASHIER_NOTIFY_PATH}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return response.status;
    }
    const response = await app.inject({ method: 'POST', url: CASHIER_NOTIFY_PATH, headers, payload: body });
    return response.statusCode;
  };
}
