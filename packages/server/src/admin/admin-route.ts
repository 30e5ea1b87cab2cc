/**
 * How a console call is declared. Every `/admin/api` route is one `defineAdminRoute({...})` entry in
 * a section's `*.routes.ts`, listed in admin-routes.ts. The entry carries everything the plugin
 * enforces and the OpenAPI document and the role matrix test read: the lowest role allowed, zod
 * schemas of params / query / body, and a summary. Handlers stay thin: they call the section's
 * service and return plain JSON.
 *
 * Changing calls (any method but GET) get `ctx.change(work)`: one transaction, and an `audit`
 * function that writes the audit row inside it. A changing call that commits without an audit row
 * is a bug the plugin reports as a 500 (and the audit test catches).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/database.js';
import type { AuditEntry } from './audit/audit.repository.js';
import type { OperatorIdentity } from './auth/admin-auth.service.js';
import type { OperatorRole } from './roles.js';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Audit = (entry: AuditEntry) => Promise<void>;

export interface AdminContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in operator (public routes: null). */
  operator: OperatorIdentity | null;
  sessionId: number | null;
  csrfToken: string | null;
  /** Runs `work` in one transaction with an audit writer bound to it. */
  change<T>(work: (trx: Database, audit: Audit) => Promise<T>): Promise<T>;
  /** For work that owns its transaction (the ledger): writes the audit row with that handle. */
  auditWith(trx: Database, entry: AuditEntry): Promise<void>;
  /** Says a changing call changed nothing (an idempotent replay), so it needs no audit row. */
  unchanged(): void;
}

export interface AdminRoute<B = unknown, Q = unknown, P = unknown> {
  method: AdminMethod;
  /** Relative to /admin/api, Fastify syntax (`/users/:id`). */
  url: string;
  /** The lowest role that may call it; 'public' only for signing in. */
  role: OperatorRole | 'public';
  /** Section tag in the OpenAPI document. */
  tag: string;
  summary: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Bytes of request body allowed, when a route takes more than the server's 1 MiB (uploads). */
  bodyLimit?: number;
  handler(ctx: AdminContext<B, Q, P>): Promise<unknown>;
}

/** Keeps the route's types (body, query, params) and erases them for the route table. */
export function defineAdminRoute<B = unknown, Q = unknown, P = unknown>(
  route: AdminRoute<B, Q, P>,
): AdminRoute {
  return route as unknown as AdminRoute;
}

export function isChange(method: AdminMethod): boolean {
  return method !== 'GET';
}
