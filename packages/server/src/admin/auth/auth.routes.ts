/** Sign-in, sign-out and "who am I" (the console reads its CSRF token from /auth/me after a reload). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nowSeconds } from '../../db/database.js';
import { defineAdminRoute } from '../admin-route.js';
import { ADMIN_PREFIX_PATH, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from './session-cookie.js';

/** Secure when the browser reached us over https (directly or through a TLS-terminating proxy). */
function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeS: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...SESSION_COOKIE_OPTIONS,
    secure: overHttps(request),
    maxAge: maxAgeS,
  });
}

export const AUTH_ROUTES = [
  defineAdminRoute({
    method: 'POST',
    url: '/auth/login',
    role: 'public',
    tag: 'console-auth',
    summary:
      'Sign in: name + password; answers 401 code 1706 when the password is right and `code` (TOTP) is missing. Sets the HttpOnly session cookie and answers the CSRF token.',
    body: z.object({
      name: z.string().min(1).max(64),
      password: z.string().min(1).max(200),
      code: z.string().max(10).optional(),
    }),
    async handler({ body, request, reply }) {
      const session = await request.server.services.admin.auth.login({
        name: body.name,
        password: body.password,
        code: body.code,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      setSessionCookie(request, reply, session.token, session.expires - nowSeconds());
      await request.server.services.admin.audit.record(
        { operatorId: session.operator.id, operatorName: session.operator.name, ip: request.ip },
        { action: 'auth.login', targetType: 'operator', targetId: session.operator.id },
      );
      return { operator: session.operator, csrfToken: session.csrfToken };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/auth/logout',
    role: 'viewer',
    moderation: true,
    tag: 'console-auth',
    summary: 'Sign out: revokes this session and clears the cookie.',
    async handler({ request, reply, sessionId, operator, change }) {
      await change(async (trx, audit) => {
        await request.server.services.admin.operators.within(trx).revokeSession(sessionId!, nowSeconds());
        await audit({ action: 'auth.logout', targetType: 'operator', targetId: operator!.id });
      });
      reply.clearCookie(SESSION_COOKIE, { path: ADMIN_PREFIX_PATH });
      return {};
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/auth/me',
    role: 'viewer',
    moderation: true,
    tag: 'console-auth',
    summary: 'The signed-in operator (id, name, role) and the CSRF token changing calls must send.',
    async handler({ operator, csrfToken }) {
      return { operator, csrfToken };
    },
  }),
];
