/** /v3/task/checkin, /v3/task/makeup, /v3/task/claim: everything that pays (or costs) through the ledger. */
import { taskCheckinCall, taskClaimCall, taskMakeupCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';

export const taskClaimsRoute: FastifyPluginAsync = async (app) => {
  const { tasks, checkin } = app.services.tasks;
  registerCall(app, taskCheckinCall, async (input, context) =>
    checkin.checkin(sessionOf(context).userId, input.idempotency_key),
  );
  registerCall(app, taskMakeupCall, async (input, context) =>
    checkin.makeup(sessionOf(context).userId, input.date, input.idempotency_key),
  );
  registerCall(app, taskClaimCall, async (input, context) =>
    tasks.claim(sessionOf(context).userId, input.key, input.idempotency_key),
  );
};
