/**
 * Expires lapsed bonus coins in the background every few minutes, so wallets, the expense log and
 * the user record's `ticket` show them gone even for users who buy nothing. (A purchase also
 * expires the buyer's lapsed lots first, inside its own transaction, so nothing expired is ever
 * spent in between.) The pass is small and idempotent (entry key per lot), so several instances
 * running it at once only repeat a lookup.
 */
import type { FastifyPluginAsync } from 'fastify';

const SWEEP_MS = 5 * 60_000;

export const bonusExpiryLifecycle: FastifyPluginAsync = async (app) => {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    if (running) return;
    running = app.services.money.wallet
      .sweepExpired()
      .catch((error: unknown) => app.log.error({ err: error, module: 'money' }, 'bonus expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
