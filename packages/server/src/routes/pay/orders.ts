/** /v3/pay/orders: the session's orders, newest first, paged. */
import { payOrdersCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentOrder } from '../../presenters/order.presenter.js';
import { requestLocale } from '../../lib/request-locale.js';

export const payOrdersRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, payOrdersCall, async (input, context) => {
    const locale = requestLocale(context.request.headers['accept-language']);
    const { rows, total } = await app.services.money.payments.orders.list(
      sessionOf(context).userId,
      input.page,
      input.limit,
    );
    return { list: rows.map((row) => presentOrder(row, locale)), total };
  });
};
