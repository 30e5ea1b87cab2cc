/**
 * Expires lapsed bonus coins in the background every few minutes, so wallets, the expense log and
 * the user record's `ticket` show them gone even for users who buy nothing. (A purchase also
 * expires the buyer's lapsed lots first, inside its own transaction, so nothing expired is ever
 * spent in between.) The pass is small and idempotent (entry key per lot); on the job queue it
 * runs once per period across all instances (jobs/periodic.ts), the queue's stop waits for it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { JOBS } from '../../jobs/job-queue.js';
import { runPeriodically } from '../../jobs/periodic.js';

const SWEEP_S = 5 * 60;

export const bonusExpiryLifecycle: FastifyPluginAsync = async (app) => {
  const sweep = () =>
    app.services.money.wallet
      .sweepExpired()
      .catch((error: unknown) => app.log.error({ err: error, module: 'money' }, 'bonus expiry sweep failed'));
  app.addHook('onReady', async () =>
    runPeriodically(app, JOBS.bonusExpiry, SWEEP_S, sweep, { runAtStart: false }),
  );
};
