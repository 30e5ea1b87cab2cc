/**
 * Console test harness: operators of each role created through the real service, signed in through
 * the real /admin/api/auth/login (password, then the TOTP code computed from their secret), and
 * a `request` that sends the session cookie and, for changing calls, the CSRF header.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../admin/auth/totp.js';
import type { OperatorRole } from '../admin/roles.js';

export interface OperatorSession {
  id: number;
  name: string;
  role: OperatorRole;
  password: string;
  secret: string;
  cookie: string;
  csrfToken: string;
}

export interface AdminResponse<T = Record<string, unknown>> {
  status: number;
  body: T & { code?: number; msg?: string };
}

let counter = 0;

export async function createOperator(app: FastifyInstance, role: OperatorRole) {
  counter += 1;
  const name = `${role}-${counter}-${randomBytes(3).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const created = await app.services.admin.auth.createOperator(name, password, role);
  return { id: created.operator.id, name, role, password, secret: created.secret };
}

export async function login(
  app: FastifyInstance,
  body: { name: string; password: string; code?: string },
  ip = '203.0.113.10',
) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/auth/login',
    headers: { 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  });
}

/** An operator of `role`, signed in. */
export async function signedIn(app: FastifyInstance, role: OperatorRole): Promise<OperatorSession> {
  const operator = await createOperator(app, role);
  const response = await login(app, {
    name: operator.name,
    password: operator.password,
    code: totpCode(operator.secret),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'dm51_admin');
  if (!cookie) throw new Error('no session cookie');
  return {
    ...operator,
    cookie: `dm51_admin=${cookie.value}`,
    csrfToken: response.json<{ csrfToken: string }>().csrfToken,
  };
}

export async function adminRequest<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    session?: OperatorSession | null;
    body?: unknown;
    /** Overrides the CSRF header (null: none); default the session's token. */
    csrf?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<AdminResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers['cookie'] = options.session.cookie;
  const csrf = options.csrf === undefined ? options.session?.csrfToken : options.csrf;
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const response = await app.inject({
    method,
    url: `/admin/api${url}`,
    headers,
    ...(method !== 'GET' ? { payload: JSON.stringify(options.body ?? {}) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}
