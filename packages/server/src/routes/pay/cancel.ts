/** /v3/pay/cancel: cancels an order that was not paid yet. */
import { payCancelCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentOrder } from '../../presenters/order.presenter.js';
import { requestLocale } from '../../lib/request-locale.js';

export const payCancelRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, payCancelCall, async (input, context) => ({
    order: presentOrder(
      await app.services.money.payments.orders.cancel(sessionOf(context).userId, input.order_no),
      requestLocale(context.request.headers['accept-language']),
    ),
  }));
};
