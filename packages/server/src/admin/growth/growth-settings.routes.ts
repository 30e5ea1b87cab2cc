/**
 * Growth → Tasks, Invites, Start-up settings and Texts (/admin/api/growth/*). Reads are viewer,
 * changes admin; after each commit the app's caches of what changed are dropped, so the app's
 * next /v3 call answers the new values.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams, pageQuery } from '../paging.js';
import {
  GrowthSettingsService,
  INVITE_RULE_RANGES,
  MAKEUP_COST_CAP,
  REWARD_TYPES,
  START_SETTINGS_INPUT,
  TEXTS_INPUT,
} from './growth-settings.service.js';

const service = new GrowthSettingsService();
const tag = 'console-growth';

const rewardType = z.enum(REWARD_TYPES);
/** Whole and positive; the per-type caps are checked by the service (they depend on the type). */
const amount = z.number().int().min(1).max(100_000);

const taskChange = z
  .object({
    rewardType,
    rewardAmount: amount,
    target: z.number().int().min(1).max(1440),
    enabled: z.union([z.literal(0), z.literal(1)]),
    sort: z.number().int().min(0).max(999),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field');

const checkinChange = z
  .object({
    days: z
      .array(z.object({ day: z.number().int().min(1).max(7), rewardType, rewardAmount: amount }).strict())
      .length(7)
      .refine((days) => new Set(days.map((d) => d.day)).size === 7, 'One reward for each day 1–7'),
    makeupCost: z.number().int().min(1).max(MAKEUP_COST_CAP),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field');

const inviteChange = z
  .object(
    Object.fromEntries(
      Object.entries(INVITE_RULE_RANGES).map(([name, [min, max]]) => [
        name,
        z.number().int().min(min).max(max),
      ]),
    ) as Record<keyof typeof INVITE_RULE_RANGES, z.ZodNumber>,
  )
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field');

const caches = (request: FastifyRequest) => request.server.services;

export const GROWTH_SETTINGS_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/growth/tasks',
    role: 'viewer',
    tag,
    summary:
      'Task definitions (daily and one-time), the check-in streak rewards (days 1–7) and the make-up price.',
    async handler({ request }) {
      return { data: await service.readTasks(request.server.db) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/tasks/:id',
    role: 'admin',
    tag,
    summary:
      'Change a task: reward kind (coins, vip_hours, ai_credits) and amount, target (chapters or minutes; one-time tasks stay 1), enabled, order. The task centre shows it at its next load.',
    params: idParams,
    body: taskChange,
    async handler({ params, body, change }) {
      return { data: await change((trx, audit) => service.updateTask(trx, audit, params.id, body)) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/checkin',
    role: 'admin',
    tag,
    summary:
      'Change the check-in rewards (all seven streak days) and/or the make-up check-in price in coins.',
    body: checkinChange,
    async handler({ body, change }) {
      return { data: await change((trx, audit) => service.updateCheckin(trx, audit, body)) };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/invites',
    role: 'viewer',
    tag,
    summary:
      'The invite programme rules (rewards, window, per-device / per-address limits) and the top inviters.',
    async handler({ request }) {
      const db = request.server.db;
      return {
        data: {
          rules: await service.readInviteRules(db),
          ranges: INVITE_RULE_RANGES,
          leaders: await service.inviteLeaders(db),
        },
      };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/invites',
    role: 'admin',
    tag,
    summary:
      'Change invite rules (only those sent), each a whole number within its range. The next bind follows them.',
    body: inviteChange,
    async handler({ body, change, request }) {
      const data = await change((trx, audit) => service.updateInviteRules(trx, audit, body));
      caches(request).invites.settings.invalidate();
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/invitations',
    role: 'viewer',
    tag,
    summary: 'Invite codes entered, newest first (inviter, friend, code, address, time).',
    query: pageQuery,
    async handler({ query, request }) {
      return service.invitations(request.server.db, query.page, query.pageSize);
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/start-settings',
    role: 'viewer',
    tag,
    summary: 'The start-up settings /v3/app/start answers (splash, install banner, AI and game tabs).',
    async handler({ request }) {
      return { data: await service.readStartSettings(request.server.db) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/start-settings',
    role: 'admin',
    tag,
    summary:
      'Change start-up settings (only those sent), validated by the app’s own schema: 0/1 switches, a 1–30 s countdown, http(s) or /app links.',
    body: START_SETTINGS_INPUT,
    async handler({ body, change, request }) {
      const data = await change((trx, audit) => service.updateStartSettings(trx, audit, body));
      caches(request).settings.invalidate();
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/growth/texts',
    role: 'viewer',
    tag,
    summary: 'Help entries, notices, customer service, about and agreement texts, as the app answers them.',
    async handler({ request }) {
      return { data: await service.readTexts(request.server.db) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/texts',
    role: 'admin',
    tag,
    summary:
      'Replace texts (only those sent): help, notice, kefu, about, agreement. Stored as plain text (markup removed); one audit row per text changed.',
    body: TEXTS_INPUT,
    async handler({ body, change, unchanged }) {
      const result = await change(async (trx, audit) => {
        const answer = await service.updateTexts(trx, audit, body);
        if (answer.changed === 0) unchanged();
        return answer;
      });
      return { data: result.texts, changed: result.changed };
    },
  }),
];
