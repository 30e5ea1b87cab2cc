/** Money section: orders, refunds, VIP plans, coin packages, chapter price defaults, revenue. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { consoleLocale } from '../console-titles.js';
import { idParams, pageQuery } from '../paging.js';

const fen = z.number().int().min(1).max(10_000_000);
const vipPlanFields = z.object({
  name: z.string().trim().min(1).max(80),
  days: z.number().int().min(1).max(3660),
  price_fen: fen,
  first_price_fen: z.number().int().min(0).max(10_000_000),
  badge: z.string().trim().max(40),
  sort: z.number().int().min(0).max(10_000),
  enabled: z.union([z.literal(0), z.literal(1)]),
});
const coinPackageFields = z.object({
  coins: z.number().int().min(1).max(10_000_000),
  bonus: z.number().int().min(0).max(10_000_000),
  bonus_days: z.number().int().min(0).max(3660),
  price_fen: fen,
  badge: z.string().trim().max(40),
  sort: z.number().int().min(0).max(10_000),
  enabled: z.union([z.literal(0), z.literal(1)]),
});
const money = (request: FastifyRequest) => request.server.services.admin.money;

export const MONEY_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/money/orders',
    role: 'viewer',
    tag: 'console-money',
    summary:
      'Payment orders, newest first; filter by status, provider, kind (vip / coins), user id, created date range (unix s).',
    query: pageQuery.extend({
      status: z
        .enum(['created', 'paid', 'fulfilled', 'expired', 'failed', 'cancelled', 'refunded'])
        .optional(),
      provider: z.string().max(20).optional(),
      kind: z.enum(['vip', 'coins']).optional(),
      userId: z.coerce.number().int().positive().optional(),
      from: z.coerce.number().int().min(0).optional(),
      to: z.coerce.number().int().min(0).optional(),
    }),
    async handler({ query, request }) {
      const { rows, total } = await money(request).orders(
        query,
        query.page,
        query.pageSize,
        consoleLocale(request),
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/money/orders/:id',
    role: 'viewer',
    tag: 'console-money',
    summary: 'An order with its ledger entries (fulfilment, refund) and their legs.',
    params: idParams,
    async handler({ params, request }) {
      return { data: await money(request).order(params.id, consoleLocale(request)) };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/money/orders/:id/refund',
    role: 'admin',
    tag: 'console-money',
    summary:
      'Refund a fulfilled order through its payment provider and the ledger: the money back in full; coins taken back as far as left (`keptCoins` says how many were already spent), VIP shortened. Idempotent by `idempotencyKey`; an order refunded already: 409.',
    params: idParams,
    body: z.object({ reason: z.string().trim().min(2).max(200), idempotencyKey: z.string().min(8).max(64) }),
    async handler({ params, body, auditWith, unchanged, request }) {
      const result = await money(request).refund(params.id, body, auditWith);
      if (!result.created) unchanged();
      return result;
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/money/revenue',
    role: 'viewer',
    tag: 'console-money',
    summary:
      'Revenue by UTC day / week (from Monday) / month, per kind and provider: gross, refunds and net in fen, from the ledger’s cash_gateway legs in [from, to).',
    query: z.object({
      period: z.enum(['day', 'week', 'month']).default('day'),
      from: z.coerce.number().int().min(0),
      to: z.coerce.number().int().min(0),
    }),
    async handler({ query, request }) {
      return money(request).revenue(query.period, query.from, query.to);
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/money/vip-plans',
    role: 'viewer',
    tag: 'console-money',
    summary: 'Every VIP plan, disabled ones too, in display order.',
    async handler({ request }) {
      const data = await money(request).vipPlans();
      return { data, total: data.length };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/money/vip-plans',
    role: 'admin',
    tag: 'console-money',
    summary: 'Create a VIP plan (prices in integer fen).',
    body: vipPlanFields.extend({ code: z.string().regex(/^[a-z0-9_]{2,40}$/) }),
    async handler({ body, change, request }) {
      const { code, ...fields } = body;
      return { data: await change((trx, audit) => money(request).createVipPlan(trx, audit, code, fields)) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/money/vip-plans/:id',
    role: 'admin',
    tag: 'console-money',
    summary: 'Edit a VIP plan: name, days, price, first-purchase price, badge, order, enabled.',
    params: idParams,
    body: vipPlanFields.partial(),
    async handler({ params, body, change, request }) {
      return {
        data: await change((trx, audit) => money(request).updateVipPlan(trx, audit, params.id, body)),
      };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/money/coin-packages',
    role: 'viewer',
    tag: 'console-money',
    summary: 'Every coin package, disabled ones too, in display order.',
    async handler({ request }) {
      const data = await money(request).coinPackages();
      return { data, total: data.length };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/money/coin-packages',
    role: 'admin',
    tag: 'console-money',
    summary: 'Create a coin package (coins, bonus and its days, price in integer fen).',
    body: coinPackageFields,
    async handler({ body, change, request }) {
      return { data: await change((trx, audit) => money(request).createCoinPackage(trx, audit, body)) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/money/coin-packages/:id',
    role: 'admin',
    tag: 'console-money',
    summary: 'Edit a coin package: coins, bonus, bonus days, price, badge, order, enabled.',
    params: idParams,
    body: coinPackageFields.partial(),
    async handler({ params, body, change, request }) {
      return {
        data: await change((trx, audit) => money(request).updateCoinPackage(trx, audit, params.id, body)),
      };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/money/chapter-prices',
    role: 'viewer',
    tag: 'console-money',
    summary:
      'Coins per paid chapter when neither the chapter nor its work sets a price, by work kind (0 comic, 1 novel, 2 anime).',
    async handler({ request }) {
      return { data: await money(request).chapterPrices() };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/money/chapter-prices',
    role: 'admin',
    tag: 'console-money',
    summary: 'Set the default chapter prices (coins, integers) for comics, novels and anime.',
    body: z.object({
      '0': z.number().int().min(0).max(100_000),
      '1': z.number().int().min(0).max(100_000),
      '2': z.number().int().min(0).max(100_000),
    }),
    async handler({ body, change, request }) {
      const data = await change((trx, audit) => money(request).setChapterPrices(trx, audit, body));
      money(request).chapterPricesChanged();
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/money/batch-discounts',
    role: 'viewer',
    tag: 'console-money',
    summary:
      'Batch-unlock discounts: `percent` off when a reader buys `count` or more locked chapters at once.',
    async handler({ request }) {
      return { data: await money(request).batchDiscounts() };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/money/batch-discounts',
    role: 'admin',
    tag: 'console-money',
    summary:
      'Replace the batch-unlock discount tiers (up to 10; each count 2–200 and its own, percent 1–90); an empty list turns discounts off.',
    body: z.object({
      tiers: z
        .array(
          z.object({ count: z.number().int().min(2).max(200), percent: z.number().int().min(1).max(90) }),
        )
        .max(10),
    }),
    async handler({ body, change, request }) {
      const data = await change((trx, audit) => money(request).setBatchDiscounts(trx, audit, body.tiers));
      money(request).chapterPricesChanged();
      return { data };
    },
  }),
];
