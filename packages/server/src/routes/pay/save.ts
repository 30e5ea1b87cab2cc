/** /v3/pay/save: confirms an order after the payment page (asks the provider, fulfils when paid). */
import { paySaveCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentOrder } from '../../presenters/order.presenter.js';
import { requestLocale } from '../../lib/request-locale.js';

export const paySaveRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, paySaveCall, async (input, context) => {
    const { order, wallet } = await app.services.money.payments.orders.save(
      sessionOf(context).userId,
      input.order_no,
    );
    return { order: presentOrder(order, requestLocale(context.request.headers['accept-language'])), wallet };
  });
};
