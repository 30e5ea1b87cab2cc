/** Users section: search, profile (devices, sessions, wallet, reports), orders, ledger, revoke, grant. */
import { z } from 'zod';
import { nowSeconds } from '../../db/database.js';
import { defineAdminRoute } from '../admin-route.js';
import { consoleLocale } from '../console-titles.js';
import { idParams, pageQuery } from '../paging.js';

export const USERS_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/users',
    role: 'viewer',
    moderation: true,
    tag: 'console-users',
    summary:
      'Search users by id, login name, nickname, phone or e-mail; filter registered / guests / banned.',
    query: pageQuery.extend({
      q: z.string().max(100).optional(),
      kind: z.enum(['registered', 'guest']).optional(),
      banned: z.enum(['1']).optional(),
    }),
    async handler({ query, request }) {
      const { rows, total } = await request.server.services.admin.users.search(
        { q: query.q, kind: query.kind, banned: query.banned === '1' },
        query.page,
        query.pageSize,
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/users/:id',
    role: 'viewer',
    moderation: true,
    tag: 'console-users',
    summary: 'A user: profile, ban, wallet, devices, app sessions, reports filed and received.',
    params: idParams,
    async handler({ params, request }) {
      return {
        data: {
          id: params.id,
          ...(await request.server.services.admin.users.detail(params.id)),
          now: nowSeconds(),
        },
      };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/users/:id/orders',
    role: 'viewer',
    tag: 'console-users',
    summary: "The user's payment orders, newest first.",
    params: idParams,
    query: pageQuery,
    async handler({ params, query, request }) {
      const { rows, total } = await request.server.services.admin.users.orders(
        params.id,
        query.page,
        query.pageSize,
        consoleLocale(request),
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/users/:id/ledger',
    role: 'viewer',
    tag: 'console-users',
    summary: "The user's ledger entries with what each moved on their accounts.",
    params: idParams,
    query: pageQuery,
    async handler({ params, query, request }) {
      const { rows, total } = await request.server.services.admin.users.ledgerEntries(
        params.id,
        query.page,
        query.pageSize,
        consoleLocale(request),
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/users/:id/sessions/revoke',
    role: 'admin',
    tag: 'console-users',
    summary: 'Sign the user out: one app session (`sessionId`) or all of them.',
    params: idParams,
    body: z.object({ sessionId: z.number().int().positive().optional() }),
    async handler({ params, body, change, request }) {
      const revoked = await change((trx, audit) =>
        request.server.services.admin.users.revokeSessions(trx, audit, params.id, body.sessionId ?? null),
      );
      return { revoked };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/users/:id/grant',
    role: 'admin',
    tag: 'console-users',
    summary:
      'Give bonus coins (never expire) or VIP days through the ledger, with a reason; idempotent by `idempotencyKey` (same key again: the first answer, nothing moves; another request with it: 409).',
    params: idParams,
    body: z.object({
      kind: z.enum(['coins', 'vip_days']),
      amount: z.number().int().min(1).max(1_000_000),
      reason: z.string().trim().min(2).max(200),
      idempotencyKey: z.string().min(8).max(64),
    }),
    async handler({ params, body, auditWith, unchanged, request }) {
      const result = await request.server.services.admin.users.grant(params.id, body, auditWith);
      if (!result.created) unchanged();
      return result;
    },
  }),
];
