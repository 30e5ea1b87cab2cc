/** System → Operators: the owner manages who may use the console. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams } from '../paging.js';
import { ROLES } from '../roles.js';

const role = z.enum(ROLES as [string, ...string[]]).transform((value) => value as (typeof ROLES)[number]);

export const OPERATORS_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/operators',
    role: 'owner',
    tag: 'console-system',
    summary: 'Every operator: name, role, disabled, created, last sign-in.',
    async handler({ request }) {
      const rows = await request.server.services.admin.operators.list();
      return { data: rows, total: rows.length };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/operators',
    role: 'owner',
    tag: 'console-system',
    summary:
      'Create an operator; answers its two-factor enrolment once (otpauth URI, secret and a QR code as a data: URL).',
    body: z.object({
      name: z.string().max(64),
      password: z.string().max(200),
      role,
    }),
    async handler({ body, change, request }) {
      return change((trx, audit) => request.server.services.admin.operatorAdmin.create(trx, audit, body));
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/operators/:id',
    role: 'owner',
    tag: 'console-system',
    summary:
      "Change an operator's role or disable / enable them (their sessions end); never oneself (so an active owner always remains).",
    params: idParams,
    body: z.object({ role: role.optional(), disabled: z.boolean().optional() }),
    async handler({ params, body, change, operator, request }) {
      await change((trx, audit) =>
        request.server.services.admin.operatorAdmin.update(trx, audit, operator!, params.id, body),
      );
      return {};
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/operators/:id/reset-totp',
    role: 'owner',
    tag: 'console-system',
    summary:
      'A new two-factor secret for an operator (a lost phone); answers the enrolment once; their sessions end.',
    params: idParams,
    async handler({ params, change, request }) {
      return change((trx, audit) =>
        request.server.services.admin.operatorAdmin.resetTotp(trx, audit, params.id),
      );
    },
  }),
];
