/**
 * System → Lock-outs: the failure counters that currently hold sign-ins and logins back (per
 * account and address, per account back-off, per address), and clearing one (say, for a user who
 * shares an address with an attacker). Operator security, so admin and owner only; a clear is
 * audited.
 */
import { z } from 'zod';
import { nowSeconds } from '../../db/database.js';
import { AdminErrors } from '../admin-errors.js';
import { defineAdminRoute } from '../admin-route.js';

export const LOCKOUTS_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/lockouts',
    role: 'admin',
    tag: 'console-system',
    summary:
      'Current failure counters of logins, console sign-ins, identity cards and OPDS tokens: key, kind, account or name, address, count, whether locked, and until when.',
    async handler({ request }) {
      const rows = await request.server.services.admin.lockouts.list(nowSeconds());
      return { data: rows, total: rows.length };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/lockouts/clear',
    role: 'admin',
    tag: 'console-system',
    summary: 'Clear one lock-out counter by its key (as listed); the next attempt counts from zero.',
    body: z.object({ key: z.string().min(1).max(320) }),
    async handler({ body, request, change, unchanged }) {
      // Cleared outside the audit transaction: the counter may live in Redis, and on SQLite the one
      // connection is held by that transaction.
      const cleared = await request.server.services.admin.lockouts.clear(body.key, nowSeconds());
      if (!cleared) {
        unchanged();
        throw AdminErrors.notFound('lock-out');
      }
      await change((_trx, audit) =>
        audit({ action: 'lockout.clear', targetType: 'lockout', targetId: body.key, before: cleared }),
      );
      return {};
    },
  }),
];
