/** AI: providers, prices and quotas, usage, and moderation of generated images. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams, pageQuery } from '../paging.js';
import { aiAdminService } from './ai.service.js';

export const AI_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/ai/settings',
    role: 'viewer',
    tag: 'console-ai',
    summary:
      'The image and chat providers in use (provider, model, endpoints; keys masked), image styles and credit packs, and the editable prices and quotas.',
    async handler({ request }) {
      return { data: await aiAdminService(request.server).settings() };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/ai/prices',
    role: 'admin',
    tag: 'console-ai',
    summary:
      "Free AI tries per user per day (0–100) and AI credits per chat reply (0–1000); the app's next call uses them.",
    body: z
      .object({
        freeDaily: z.number().int().min(0).max(100).optional(),
        chatCost: z.number().int().min(0).max(1000).optional(),
      })
      .refine((body) => body.freeDaily !== undefined || body.chatCost !== undefined, 'Nothing to change'),
    async handler({ body, change, request }) {
      return {
        data: await change((trx, audit) => aiAdminService(request.server).setPrices(trx, audit, body)),
      };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/ai/usage',
    role: 'viewer',
    tag: 'console-ai',
    summary:
      'Generations per UTC day and kind over the last `days` days (1–90), failures (each refunded), credits spent, top 10 users.',
    query: z.object({ days: z.coerce.number().int().min(1).max(90).default(14) }),
    async handler({ query, request }) {
      return { data: await aiAdminService(request.server).usage(query.days) };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/ai/results',
    role: 'viewer',
    tag: 'console-ai',
    summary:
      'Finished AI images, newest first, with thumbnails and who hid them; `hidden=1`: only operator-hidden ones.',
    query: pageQuery.extend({ hidden: z.enum(['1']).optional() }),
    async handler({ query, request }) {
      return aiAdminService(request.server).results(query.page, query.pageSize, query.hidden === '1');
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/ai/results/:id/hide',
    role: 'admin',
    tag: 'console-ai',
    summary: "Hide an AI image from everyone (it leaves its owner's gallery); audited.",
    params: idParams,
    async handler({ params, change, request }) {
      await change((trx, audit) => aiAdminService(request.server).setHidden(trx, audit, params.id, true));
      return {};
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/ai/results/:id/unhide',
    role: 'admin',
    tag: 'console-ai',
    summary: 'Show an operator-hidden AI image again; audited.',
    params: idParams,
    async handler({ params, change, request }) {
      await change((trx, audit) => aiAdminService(request.server).setHidden(trx, audit, params.id, false));
      return {};
    },
  }),
];
