/** AI: providers, prices and quotas, usage, and moderation of generated images. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams, pageQuery } from '../paging.js';
import { maskUrl } from '../system/env-settings.js';
import { aiAdminService } from './ai.service.js';
import { endpointFor, testChatEndpoint } from './chat-connection.js';

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
    url: '/ai/chat-concurrency',
    role: 'viewer',
    tag: 'console-ai',
    summary: 'How many chat replies one user may have generating at once.',
    async handler({ request }) {
      return { data: { chatConcurrency: await aiAdminService(request.server).chatConcurrency() } };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/ai/chat-concurrency',
    role: 'admin',
    tag: 'console-ai',
    summary: "Chat replies one user may have generating at once (1–20); the app's next message uses it.",
    body: z.object({ chatConcurrency: z.number().int().min(1).max(20) }),
    async handler({ body, change, request }) {
      const chatConcurrency = await change((trx, audit) =>
        aiAdminService(request.server).setChatConcurrency(trx, audit, body.chatConcurrency),
      );
      return { data: { chatConcurrency } };
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
  defineAdminRoute({
    method: 'POST',
    url: '/ai/chat-test',
    role: 'admin',
    tag: 'console-ai',
    summary:
      'Sends one tiny chat request to an OpenAI-compatible server (the configured one, or the base URL, model and key typed here) and answers ok, the latency and the reply or the error text; audited.',
    body: z.object({
      baseUrl: z
        .string()
        .trim()
        .max(500)
        .regex(/^(https?:\/\/\S+)?$/, 'The base URL must be an http(s):// URL')
        .optional(),
      model: z.string().trim().max(200).optional(),
      apiKey: z.string().trim().max(1000).optional(),
    }),
    async handler({ body, auditWith, unchanged, request }) {
      const endpoint = endpointFor(body, request.server.config.aiChat);
      if (!endpoint) {
        unchanged();
        return { data: NO_ENDPOINT };
      }
      const result = await testChatEndpoint(endpoint);
      // A request the server sent on an operator's word, to an address they chose: on the record.
      await auditWith(request.server.db, {
        action: 'ai.chat_test',
        targetType: 'chat_model',
        targetId: maskUrl(endpoint.baseUrl),
        after: { model: endpoint.model, ok: result.ok, latencyMs: result.latencyMs, error: result.error },
      });
      return { data: { ...result, baseUrl: maskUrl(result.baseUrl) } };
    },
  }),
];

const NO_ENDPOINT = {
  ok: false,
  baseUrl: '',
  model: '',
  latencyMs: 0,
  reply: '',
  error: 'No chat model is configured: type a base URL to test one',
};
