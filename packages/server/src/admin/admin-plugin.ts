/**
 * The console API under /admin/api: plain JSON, no envelope. For every route of the table, in order:
 * JSON-only bodies on changing calls (a cross-site form cannot send application/json without a
 * CORS preflight, which this server never grants) → the operator session from the HttpOnly cookie
 * (401) → the route's role (403) → the CSRF token on changing calls (403) → zod validation (400) →
 * the handler. App tokens mean nothing here: only an operator session cookie opens the console.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nowSeconds } from '../db/database.js';
import { AppError } from '../errors.js';
import { ApiCode } from '@dm51/shared';
import type { AuditEntry } from './audit/audit.repository.js';
import { AuditRepository } from './audit/audit.repository.js';
import { sameToken, type ResolvedSession } from './auth/admin-auth.service.js';
import { AdminErrors } from './admin-errors.js';
import { isChange, type AdminContext, type AdminRoute } from './admin-route.js';
import { hasRole } from './roles.js';
import { SESSION_COOKIE } from './auth/session-cookie.js';

export const ADMIN_API_PREFIX = '/admin/api';
export const CSRF_HEADER = 'x-csrf-token';

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return value as T;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw AdminErrors.invalid(
    `Invalid ${where}${field ? ` field "${field}"` : ''}: ${issue?.message ?? 'bad value'}`,
  );
}

function isJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');
}

export async function adminApiPlugin(app: FastifyInstance, options: { routes: readonly AdminRoute[] }) {
  await app.register(fastifyCookie);
  const auth = app.services.admin.auth;

  // Operator answers are never cached by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  for (const route of options.routes) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: (request, reply) => run(app, auth, route, request, reply),
    });
  }
}

async function run(
  app: FastifyInstance,
  auth: FastifyInstance['services']['admin']['auth'],
  route: AdminRoute,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const change = isChange(route.method);
  if (change && request.body !== undefined && !isJson(request))
    throw new AppError(ApiCode.ADMIN_INVALID, 'Send JSON (content-type: application/json)', 415);

  let session: ResolvedSession | null = null;
  if (route.role !== 'public') {
    session = await auth.resolve(request.cookies[SESSION_COOKIE]);
    if (!session) throw AdminErrors.authRequired();
    if (!hasRole(session.operator.role, route.role)) throw AdminErrors.forbidden(route.role);
    if (change) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) throw AdminErrors.csrf();
    }
  }

  const params = parse(route.params, request.params, 'path');
  const query = parse(route.query, request.query, 'query');
  const body = parse(route.body, request.body, 'body');
  let audited = false;
  const actor = session
    ? { operatorId: session.operator.id, operatorName: session.operator.name, ip: request.ip }
    : null;
  const auditWith = async (trx: typeof app.db, entry: AuditEntry) => {
    if (!actor) throw new Error('audit needs a signed-in operator');
    await new AuditRepository(trx).insert(actor, entry, nowSeconds());
    audited = true;
  };
  const ctx: AdminContext<unknown, unknown, unknown> = {
    body,
    query,
    params,
    ip: request.ip,
    request,
    reply,
    operator: session?.operator ?? null,
    sessionId: session?.sessionId ?? null,
    csrfToken: session?.csrfToken ?? null,
    auditWith,
    unchanged: () => {
      audited = true;
    },
    change: (work) =>
      app.db.transaction().execute(async (trx) => {
        const answer = await work(trx, (entry) => auditWith(trx, entry));
        // Rolled back: a change the log does not show must not happen.
        if (!audited) throw new Error(`${route.method} ${route.url} changed data without an audit row`);
        return answer;
      }),
  };
  const answer = await route.handler(ctx);
  if (change && route.role !== 'public' && !audited)
    throw new Error(`${route.method} ${route.url} answered without an audit row`);
  return answer ?? {};
}
