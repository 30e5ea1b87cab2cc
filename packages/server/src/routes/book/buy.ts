/** /v3/book/buy and /v3/book_buy/list: the coin-purchase seam (monetization issue). */
import { bookBuyCall, bookBuyListCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const bookBuyRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, bookBuyCall, async (input, context) =>
    app.services.reader.buy(sessionOf(context).userId, input.chapter_id),
  );
  registerCall(app, bookBuyListCall, async () => app.services.reader.purchases());
};
