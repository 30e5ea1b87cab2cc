/** /v3/login/telcode and /v3/login/mailcode: one handler, two channels. */
import { loginMailcodeCall, loginTelcodeCall, type CodePurpose } from '@dm51/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerCall, type CallContext } from '../../plugins/envelope.js';
import type { Requester } from '../../services/auth.service.js';

/** Purposes that act on an account need the caller's session; the others do not look at it. */
const NEEDS_SESSION: ReadonlySet<CodePurpose> = new Set(['bind', 'writeoff']);

async function requesterOf(
  app: FastifyInstance,
  context: CallContext,
  purpose: CodePurpose,
): Promise<Requester> {
  const merged = context.merged;
  const session =
    NEEDS_SESSION.has(purpose) && merged
      ? await app.services.sessions.resolve(merged.user_token, merged.user_id)
      : null;
  return {
    ip: context.request.ip,
    deviceid: merged?.deviceid ?? '',
    facility: merged?.facility ?? '',
    session,
  };
}

export const loginTelcodeRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, loginTelcodeCall, async (input, context) =>
    app.services.auth.sendCode(
      { kind: 'tel', value: input.tel },
      input.type,
      await requesterOf(app, context, input.type),
    ),
  );
};

export const loginMailcodeRoute: FastifyPluginAsync = async (app) => {
  registerCall(app, loginMailcodeCall, async (input, context) =>
    app.services.auth.sendCode(
      { kind: 'email', value: input.email },
      input.type,
      await requesterOf(app, context, input.type),
    ),
  );
};
