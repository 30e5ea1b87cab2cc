/** Chapter unlocks with coins: buy (per kind), the unlock sheet's quote, auto-unlock, bought chapters. */
import {
  animeBuyCall,
  autoUnlockCall,
  bookBuyCall,
  bookBuyListCall,
  comicBuyCall,
  unlockQuoteCall,
  WorkType,
} from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const unlockRoute: FastifyPluginAsync = async (app) => {
  const unlocks = app.services.money.unlocks;
  for (const [call, type] of [
    [comicBuyCall, WorkType.COMIC],
    [bookBuyCall, WorkType.NOVEL],
    [animeBuyCall, WorkType.ANIME],
  ] as const) {
    registerCall(app, call, async (input, context) =>
      unlocks.buy(
        sessionOf(context).userId,
        call.path,
        type,
        input.chapter_id,
        input.count,
        input.idempotency_key,
      ),
    );
  }
  registerCall(app, unlockQuoteCall, async (input, context) =>
    unlocks.quote(sessionOf(context).userId, input.chapter_id),
  );
  registerCall(app, autoUnlockCall, async (input, context) =>
    unlocks.setAuto(sessionOf(context).userId, input.work_id, input.enabled === 1),
  );
  registerCall(app, bookBuyListCall, async (input, context) =>
    unlocks.purchases(sessionOf(context).userId, input.page, input.limit),
  );
};
