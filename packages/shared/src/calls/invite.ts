/**
 * The invite programme: invite code and share link, entering a friend's code, the
 * invite log (/pages/user/invite/invite, /write, /inviteLog; /v3/invite/index, /v3/invite/user).
 *
 * Rewards are bonus coins and/or VIP hours paid through the money ledger; amounts, the window and
 * the abuse limits are `invite.*` settings rows (defaults in the server's invite-settings service).
 */
import { z } from 'zod';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

const flag = z.number().int().min(0).max(1);

/** What one reward gives: bonus coins and VIP hours (either may be 0). */
export const inviteRewardSchema = z.object({
  coins: z.number().int().min(0),
  vip_hours: z.number().int().min(0),
});
export type InviteReward = z.infer<typeof inviteRewardSchema>;

/** An invite code as typed: spaces dropped, letters upper-cased (codes are A–Z and 2–9). */
export const inviteCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().min(4, 'enter the invite code').max(16));

export const inviteIndexCall = defineCall({
  path: '/v3/invite/index',
  summary:
    "The invite page: the session's invite code and the path to share (the web app adds its origin and " +
    'channel code), the rewards of the programme (what a friend gets on entering the code, what the ' +
    'inviter gets then and when the friend first claims a task or first tops up), how many friends joined ' +
    'and what they earned the inviter; and, for the write page, whether this account may still enter a ' +
    'code (until `bind_deadline`) or who invited it and what it got.',
  tag: 'invite',
  auth: 'user',
  request: z.object({}),
  response: z.object({
    code: z.string(),
    /** '/#/pages/user/invite/write?code=CODE': resolve against the app's origin. */
    share_path: z.string(),
    friends: z.number().int(),
    /** Everything the session earned from friends so far. */
    earned: inviteRewardSchema,
    rewards: z.object({
      /** The friend, on entering the code. */
      invitee: inviteRewardSchema,
      /** The inviter, when a friend enters the code. */
      inviter: inviteRewardSchema,
      /** The inviter, when the friend first claims a task. */
      first_task: inviteRewardSchema,
      /** The inviter, when the friend first tops up (a coin package or a VIP plan). */
      first_topup: inviteRewardSchema,
    }),
    /** Days after an account is created during which it may enter a code. */
    window_days: z.number().int(),
    /** Days invite bonus coins last (0: they never expire). */
    bonus_days: z.number().int(),
    /** 1 when this account may still enter a code. */
    can_bind: flag,
    /** Until when (Unix seconds) this account may enter a code. */
    bind_deadline: z.number().int(),
    /** Who invited this account and what it got for it; null when it entered no code. */
    invited_by: z
      .object({
        nichen: z.string(),
        pic: z.string(),
        code: z.string(),
        addtime: z.number().int(),
        reward: inviteRewardSchema,
      })
      .nullable(),
  }),
});

export const inviteFriendSchema = z.object({
  /** The invitation (a list key; not a user id). */
  id: z.number().int(),
  /** The friend's nickname, masked ('用户A***9'); a deleted account is ''. */
  nichen: z.string(),
  pic: z.string(),
  /** When the friend entered the code. */
  addtime: z.number().int(),
  /** What this friend brought the inviter so far. */
  reward: inviteRewardSchema,
  first_task: flag,
  first_topup: flag,
});
export type InviteFriend = z.infer<typeof inviteFriendSchema>;

export const inviteUserCall = defineCall({
  path: '/v3/invite/user',
  summary:
    "The invite log (/pages/user/invite/inviteLog): the session's invited friends, newest first, paged, " +
    'each with a masked nickname, avatar, when they joined, and the rewards they brought (the join reward ' +
    'and the first-task and first-top-up rewards once reached).',
  tag: 'invite',
  auth: 'user',
  request: pageRequestSchema,
  response: pagedListSchema(inviteFriendSchema),
});

export const inviteBindCall = defineCall({
  path: '/v3/invite/bind',
  summary:
    "Enter a friend's invite code (/pages/user/invite/write). Both get their reward through the ledger. " +
    'Refused, with nothing changed: an unknown code (1421), the own code (1422), a second code (1423; the ' +
    'same code again answers the first result), an account older than the window (1424) or older than the ' +
    "code's owner (1425), a device (1426) or network address (1427, per 24 h) that already entered codes " +
    'for too many accounts; guests answer 1006.',
  tag: 'invite',
  auth: 'user',
  request: z.object({ code: inviteCodeSchema }),
  response: z.object({
    inviter: z.object({ nichen: z.string(), pic: z.string() }),
    /** What the caller got. */
    reward: inviteRewardSchema,
  }),
});

/**
 * What came of the invite code sent with a registration: `code` 1 and the reward, or the refusal's
 * code (14xx) and message. The account is registered either way.
 */
export const inviteOutcomeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  reward: inviteRewardSchema,
  /** The window in days, for the client's wording of INVITE_WINDOW_PASSED. */
  window_days: z.number().int(),
});
export type InviteOutcome = z.infer<typeof inviteOutcomeSchema>;
