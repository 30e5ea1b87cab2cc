/**
 * Task centre: task definitions, check-ins, daily progress counters and claims.
 *
 * - `task_defs`: the tasks and their rewards (seeded here, edited later by the console). `metric`
 *   names the counter a task's progress is read from; `target` is what it must reach.
 * - `task_checkin_days`: the reward of each day (1–7) of the check-in streak.
 * - `task_events`: one row per (user, task day, event kind, subject) that proves progress: a
 *   chapter opened, a comment accepted, a work favourited or shared. The primary key makes a
 *   repeat count once (reading one chapter ten times is one chapter).
 * - `task_reading`: accepted reading/watching seconds per (user, task day, read/watch) and the time of the
 *   last accepted report, which caps the next one.
 * - `task_claims`: claims and check-ins (key 'checkin', 'checkin_makeup'); unique per (user, key,
 *   day), so a task is paid once per day (one-time tasks use day 0) whatever the client sends.
 * - The ledger gains AI tries: a user account kind 'ai_credits' (created on first use, like the
 *   others) and the system account 'ai_promotions' they are given from.
 */
import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

/** Fixed here rather than imported: a migration must not change when the code does. */
const TASK_DEFAULTS = [
  ['daily_read_chapters', 'daily', 'chapters', 'read', 3, 'coins', 10],
  ['daily_read_minutes', 'daily', 'read_minutes', 'read', 15, 'coins', 15],
  ['daily_watch_minutes', 'daily', 'watch_minutes', 'watch', 20, 'ai_credits', 1],
  ['daily_comment', 'daily', 'comments', 'comment', 1, 'coins', 5],
  ['daily_share', 'daily', 'shares', 'share', 1, 'coins', 5],
  ['daily_favorite', 'daily', 'favorites', 'read', 1, 'coins', 5],
  ['once_bind', 'once', 'bound', 'bind', 1, 'coins', 50],
  ['once_profile', 'once', 'profile', 'profile', 1, 'coins', 30],
  ['once_topup', 'once', 'topups', 'topup', 1, 'vip_hours', 24],
  ['once_notify', 'once', 'notify', 'notify', 1, 'ai_credits', 3],
] as const;

/** Streak days 1–7: growing bonus coins, and a day of VIP for a full week. */
const CHECKIN_DEFAULTS = [
  [1, 'coins', 5],
  [2, 'coins', 10],
  [3, 'coins', 15],
  [4, 'coins', 20],
  [5, 'coins', 25],
  [6, 'coins', 30],
  [7, 'vip_hours', 24],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_defs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('task_key', 'varchar(40)', (c) => c.notNull().unique())
    /** 'daily' (resets every task day) or 'once'. */
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    /** chapters, read_minutes, watch_minutes, comments, shares, favorites, bound, profile, topups, notify. */
    .addColumn('metric', 'varchar(20)', (c) => c.notNull())
    /** Where the task is done (the web's 'go' button). */
    .addColumn('go', 'varchar(20)', (c) => c.notNull())
    .addColumn('target', 'integer', (c) => c.notNull())
    /** coins (bonus, expiring), vip_hours, ai_credits. */
    .addColumn('reward_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('reward_amount', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('task_defs' as never)
    .values(
      TASK_DEFAULTS.map(([task_key, kind, metric, go, target, reward_type, reward_amount], index) => ({
        task_key,
        kind,
        metric,
        go,
        target,
        reward_type,
        reward_amount,
        sort: index + 1,
        updated_time: 0,
      })) as never,
    )
    .execute();

  await db.schema
    .createTable('task_checkin_days')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('reward_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('reward_amount', 'integer', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('task_checkin_days' as never)
    .values(
      CHECKIN_DEFAULTS.map(([day, reward_type, reward_amount]) => ({
        day,
        reward_type,
        reward_amount,
        updated_time: 0,
      })) as never,
    )
    .execute();

  await db.schema
    .createTable('task_events')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** Task day number: days since 1970-01-01 in the task time zone. */
    .addColumn('day', 'integer', (c) => c.notNull())
    /** chapter, comment, favorite, share, notify. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_events_pk', ['user_id', 'day', 'kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('task_reading')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    /** 'read' (comics, novels) or 'watch' (anime). */
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('last_report_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_reading_pk', ['user_id', 'day', 'kind'])
    .execute();

  await db.schema
    .createTable('task_claims')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('task_key', 'varchar(40)', (c) => c.notNull())
    /** The task day claimed for; 0 for one-time tasks. */
    .addColumn('day', 'integer', (c) => c.notNull())
    /** For check-ins: the streak day (1–7) paid; 0 otherwise. */
    .addColumn('streak_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('reward_amount', 'integer', (c) => c.notNull())
    /** Coins spent (make-up check-ins). */
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('task_claims_once', ['user_id', 'task_key', 'day'])
    .execute();
  await db.schema.createIndex('task_claims_user_idx').on('task_claims').columns(['user_id', 'id']).execute();

  await db
    .insertInto('ledger_accounts' as never)
    .values({ user_id: 0, kind: 'ai_promotions', allow_negative: 1, created_time: 0 } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['task_claims', 'task_reading', 'task_events', 'task_checkin_days', 'task_defs'])
    await db.schema.dropTable(table).execute();
}
