/** Dashboard: the numbers an operator looks at first. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';

export const DASHBOARD_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/dashboard',
    role: 'viewer',
    tag: 'console-dashboard',
    summary:
      'Today and the last `days` days (7–90): active readers, new and registered users, views per kind, revenue net of refunds (fen), top works of 7 days, pending comments, open reports, unanswered feedback, running imports and transcodes.',
    query: z.object({ days: z.coerce.number().int().min(7).max(90).default(30) }),
    async handler({ query, request }) {
      return { data: await request.server.services.admin.dashboard.overview(query.days) };
    },
  }),
];
