/**
 * The task centre: daily check-in with a 7-day streak, daily and one-time tasks whose
 * progress the server counts from the events that prove it, claims paid through the money ledger,
 * and the task log (/pages/quest/quest, /pages/quest/questLog).
 *
 * Days are the server's task days (TASK_TIME_ZONE), written 'YYYY-MM-DD'. Rewards are bonus coins
 * ('coins', expiring), VIP hours ('vip_hours') or AI tries ('ai_credits'). Mutating calls need a
 * registered account (guests get LOGIN_REQUIRED, 1006) and take an `idempotency_key`: a repeat
 * answers the first result.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';
import { idempotencyKeySchema } from './money.js';

const id = rowId;
const flag = z.number().int().min(0).max(1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const TASK_REWARD_TYPES = ['coins', 'vip_hours', 'ai_credits'] as const;
export type TaskRewardType = (typeof TASK_REWARD_TYPES)[number];
export const taskRewardSchema = z.object({
  reward_type: z.enum(TASK_REWARD_TYPES),
  reward_amount: z.number().int(),
});

/** Where a task is done; the web maps it to a route ('read' → home, 'bind' → settings info, …). */
export const TASK_GO_TARGETS = [
  'read',
  'watch',
  'comment',
  'share',
  'bind',
  'profile',
  'topup',
  'notify',
] as const;

export const taskItemSchema = taskRewardSchema.extend({
  /** Stable task key ('daily_read_chapters', 'once_bind', …); the web names it from its locale. */
  key: z.string(),
  kind: z.enum(['daily', 'once']),
  go: z.enum(TASK_GO_TARGETS),
  progress: z.number().int(),
  target: z.number().int(),
  /** 'todo' (go), 'claimable' (claim), 'claimed'. */
  status: z.enum(['todo', 'claimable', 'claimed']),
});
export type TaskItem = z.infer<typeof taskItemSchema>;

export const checkinDaySchema = taskRewardSchema.extend({
  /** Day of the 7-day streak cycle, 1–7. */
  day: z.number().int(),
  checked: flag,
  /** The cell today's check-in fills (or filled). */
  current: flag,
});

export const weekDaySchema = z.object({
  date: day,
  /** 'checked', 'missed' (make-up possible), 'today', 'future', 'none' (before the account existed). */
  status: z.enum(['checked', 'missed', 'today', 'future', 'none']),
});

export const checkinStateSchema = z.object({
  today: day,
  today_checked: flag,
  /** Consecutive checked days ending today (or yesterday when today is not checked yet). */
  streak: z.number().int(),
  days: z.array(checkinDaySchema),
  /** Monday–Sunday of the current week, for make-up check-ins. */
  week: z.array(weekDaySchema),
  makeup_cost: z.number().int(),
});
export type CheckinState = z.infer<typeof checkinStateSchema>;

export const taskIndexCall = defineCall({
  path: '/v3/task/index',
  summary:
    "The task centre: the check-in calendar (streak, the 7 streak days' rewards, this week's days for make-up), daily tasks (reset each task day) and one-time tasks with the session's progress counted by the server and each task's status. Guests get the list with no progress (they must register before doing tasks).",
  tag: 'task',
  auth: 'session',
  request: z.object({}),
  response: z.object({
    is_guest: flag,
    checkin: checkinStateSchema,
    daily: z.array(taskItemSchema),
    once: z.array(taskItemSchema),
  }),
});

export const taskCheckinCall = defineCall({
  path: '/v3/task/checkin',
  summary:
    'Checks in for today: pays the reward of the streak day (growing day 1–7, then the cycle starts again; a missed day resets the streak). A second check-in today answers CHECKIN_DONE (1404) and pays nothing.',
  tag: 'task',
  auth: 'user',
  request: z.object({ idempotency_key: idempotencyKeySchema }),
  response: taskRewardSchema.extend({ streak: z.number().int(), day: z.number().int() }),
});

export const taskMakeupCall = defineCall({
  path: '/v3/task/makeup',
  summary:
    'Make-up check-in for a missed day of the current week (before today, not before the account existed): spends `makeup_cost` coins (bonus first) and mends the streak; it pays no reward. Short of coins: BALANCE_SHORT (1301); a day that is not a missed day of this week: MAKEUP_INVALID (1405).',
  tag: 'task',
  auth: 'user',
  request: z.object({ date: day, idempotency_key: idempotencyKeySchema }),
  response: z.object({ date: day, cost: z.number().int(), streak: z.number().int() }),
});

export const taskClaimCall = defineCall({
  path: '/v3/task/claim',
  summary:
    "Claims a finished task's reward through the ledger. Unknown or disabled task: TASK_NOT_FOUND (1401); progress short of the target: TASK_UNFINISHED (1402); claimed already (today, for a daily task): TASK_CLAIMED (1403). Nothing moves on a refusal.",
  tag: 'task',
  auth: 'user',
  request: z.object({ key: z.string().min(1).max(40), idempotency_key: idempotencyKeySchema }),
  response: taskRewardSchema.extend({ key: z.string() }),
});

export const taskReadTimeCall = defineCall({
  path: '/v3/task/read_time',
  summary:
    "Reading or watching time reported by the readers and the player (every minute and when a session ends). Counted as at most the wall-clock time since this account's previous accepted report, at most 300 s per report and 4 h per day; answers what was counted and today's minutes.",
  tag: 'task',
  auth: 'user',
  request: z.object({
    kind: z.enum(['comic', 'novel', 'anime']),
    chapter_id: id,
    seconds: intField(1, 3600),
  }),
  response: z.object({ counted: z.number().int(), today_minutes: z.number().int() }),
});

export const taskShareCall = defineCall({
  path: '/v3/task/share',
  summary:
    'The user shared a work from its detail page (system share sheet or copied link). Counts for the daily share task once per work and day; an unknown or unpublished work answers CONTENT_NOT_FOUND (1102).',
  tag: 'task',
  auth: 'user',
  request: z.object({ type: intField(0, 2), work_id: id }),
  response: z.object({ counted: flag }),
});

export const taskLogItemSchema = taskRewardSchema.extend({
  /** The task key, or 'checkin' / 'checkin_makeup'. */
  key: z.string(),
  /** The task day it counts for ('' for one-time tasks). */
  date: z.string(),
  /** Coins a make-up check-in cost (0 otherwise). */
  cost: z.number().int(),
  addtime: z.number().int(),
});

export const taskLogCall = defineCall({
  path: '/v3/task/log',
  summary: "The session's claims and check-ins, newest first, with their rewards (paged).",
  tag: 'task',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(taskLogItemSchema),
});

export const taskNotifyCall = defineCall({
  path: '/v3/task/notify_on',
  summary:
    "The app's notifications were switched on (the browser granted the permission). Counts once ever for the one-time notifications task.",
  tag: 'task',
  auth: 'user',
  request: z.object({}),
  response: z.object({}),
});
