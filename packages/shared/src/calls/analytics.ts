/**
 * First-party analytics (spec §3 event record, §7): the web app batches events and sends them here.
 * Issue 12 emits the money events (order placement, cancellation, payment success); issue 13 adds
 * page views, the rest of §7 and the dashboard's aggregates on top of the same table.
 */
import { z } from 'zod';
import { defineCall } from './define.js';

/** spec §3: id, label, params, value, count, start time. */
export const analyticsEventSchema = z.object({
  /** Event name, e.g. 'order_place', 'order_cancel', 'pay_success'. */
  id: z.string().min(1).max(40),
  label: z.string().max(120).default(''),
  params: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])).default({}),
  value: z.number().default(0),
  count: z.number().int().min(1).max(1000).default(1),
  /** When it happened on the client (ms since the epoch). */
  start_time: z.number().int().min(0),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsTrackCall = defineCall({
  path: '/v3/analytics/track',
  summary:
    'A batch of analytics events from the web app (at most 50), stored append-only with the session user, the launch channel code and the receiving time. Answers how many were stored.',
  tag: 'analytics',
  auth: 'session',
  request: z.object({
    events: z.array(analyticsEventSchema).min(1).max(50),
    /** The launch channel code (spec §2; default '51dm'). */
    channel: z.string().max(40).default('51dm'),
  }),
  response: z.object({ stored: z.number().int() }),
});
