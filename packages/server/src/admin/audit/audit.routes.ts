/** System → Audit log: every change made in the console, newest first, with filters. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { pageQuery } from '../paging.js';

export const AUDIT_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/audit',
    role: 'viewer',
    tag: 'console-system',
    summary:
      'The audit log (who, what, target, before/after, when), filtered by operator, action, target and time.',
    query: pageQuery.extend({
      operatorId: z.coerce.number().int().positive().optional(),
      action: z.string().max(64).optional(),
      targetType: z.string().max(32).optional(),
      targetId: z.string().max(64).optional(),
      from: z.coerce.number().int().nonnegative().optional(),
      to: z.coerce.number().int().nonnegative().optional(),
    }),
    async handler({ query, request }) {
      const { page, pageSize, ...filter } = query;
      const { rows, total } = await request.server.services.admin.audit.list(filter, page, pageSize);
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/audit/actions',
    role: 'viewer',
    tag: 'console-system',
    summary: 'The distinct actions in the log (for the filter).',
    async handler({ request }) {
      return { data: await request.server.services.admin.audit.actions() };
    },
  }),
];
