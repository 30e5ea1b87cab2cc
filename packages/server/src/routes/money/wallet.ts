/** /v3/pay/products (the VIP and balance pages) and /v3/pay/expenses (the expense log). */
import { payExpensesCall, payProductsCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { requestLocale } from '../../lib/request-locale.js';

export const walletRoute: FastifyPluginAsync = async (app) => {
  const money = app.services.money;
  registerCall(app, payProductsCall, async (_input, context) => {
    const userId = sessionOf(context).userId;
    const [vipPlans, coinPackages, wallet] = await Promise.all([
      money.products.vipPlans(userId),
      money.products.coinPackages(),
      money.wallet.wallet(userId),
    ]);
    return {
      vip_plans: vipPlans,
      coin_packages: coinPackages,
      methods: money.payments.methods(),
      wallet,
      currency: money.payments.currency,
    };
  });
  registerCall(app, payExpensesCall, async (input, context) =>
    money.wallet.expenses(
      sessionOf(context).userId,
      input.page,
      input.limit,
      requestLocale(context.request.headers['accept-language']),
    ),
  );
};
