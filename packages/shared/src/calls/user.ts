import { z } from 'zod';
import { defineCall, emptySchema } from './define.js';

/** The guest part of /v3/app/init (spec §3). */
export const guestInfoSchema = z.object({
  guest_id: z.number().int(),
  guest_name: z.string(),
  guest_uuid: z.string(),
  /** A short secret the guest can note down to recover the guest account; never the session token. */
  pass: z.string(),
  pic: z.string(),
  ai_cos_coin: z.number().int(),
});
export type GuestInfo = z.infer<typeof guestInfoSchema>;

/** The user-info record (spec §3). Times are Unix seconds. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  nichen: z.string(),
  pass: z.string(),
  uuid: z.string(),
  pic: z.string(),
  tel: z.string(),
  vip: z.number().int(),
  viptime: z.number().int(),
  cion: z.number().int(),
  ticket: z.number().int(),
  rmb: z.number(),
  vipday: z.number().int(),
  name: z.string(),
  telCode: z.string(),
  inviteid: z.string(),
  email: z.string(),
  ai_cos_coin: z.number().int(),
  ai_free_time: z.number().int(),
  is_guest: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const userIndexCall = defineCall({
  path: '/v3/user/index',
  summary: "The session owner's user-info record (and guest identity when a guest).",
  tag: 'user',
  auth: 'session',
  request: emptySchema,
  response: z.object({
    guest: guestInfoSchema.nullable(),
    user: userInfoSchema,
  }),
});
