/** /v3/pay/init: an order for a VIP plan or a coin package, and where to pay it. */
import { payInitCall } from '@dm51/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentOrder } from '../../presenters/order.presenter.js';
import { requestLocale } from '../../lib/request-locale.js';

export const payInitRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, payInitCall, async (input, context) => {
    const { order, payUrl } = await app.services.money.payments.orders.init(
      sessionOf(context).userId,
      {
        productType: input.product_type,
        productId: input.product_id,
        method: input.method,
        idempotencyKey: input.idempotency_key,
      },
      app.services.money.payments.config.publicUrl ?? requestOrigin(context.request),
    );
    return {
      order: presentOrder(order, requestLocale(context.request.headers['accept-language'])),
      pay_url: payUrl,
    };
  });
};

/** The app's origin as the browser sees it (for providers' return URLs when PAY_PUBLIC_URL is unset). */
function requestOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^\s/]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}
