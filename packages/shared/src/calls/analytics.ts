/**
 * First-party analytics (spec §3 event record, §7): the web app batches events and sends them here,
 * by a call or, when the page is being hidden, by navigator.sendBeacon with the same sealed body.
 * The money calls emit the money events; the app adds page views and the rest of §7; the server
 * rolls them up for the console.
 */
import { z } from 'zod';
import { defineCall } from './define.js';

export * from '../analytics-privacy.js';

/** spec §3: id, label, params, value, count, start time. */
export const analyticsEventSchema = z.object({
  /** Event name in snake case, e.g. 'page_view', 'register', 'order_place' (checked by the server: 1452). */
  id: z.string().min(1).max(40),
  label: z.string().max(120).default(''),
  /** At most 20 (1452); keys that name a secret (token, code, password, tel, email…) are dropped. */
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
    'A batch of analytics events from the web app (at most 50: more answers 1451; a bad name, too many params or a start time in the future answers 1452; a bad channel 1453; nothing is stored then). Stored append-only with the session user, the launch channel code and the receiving time, and rolled up per day at once. Answers how many were stored. Also accepted from navigator.sendBeacon (the same form-encoded `data`).',
  tag: 'analytics',
  auth: 'session',
  request: z.object({
    /** Bounded by the body limit; the server answers 1451 above 50 so the client can split. */
    events: z.array(analyticsEventSchema).min(1),
    /** The launch channel code (spec §2; default '51dm'). */
    channel: z.string().max(40).default('51dm'),
  }),
  response: z.object({ stored: z.number().int() }),
});
