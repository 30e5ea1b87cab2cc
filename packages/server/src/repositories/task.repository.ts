/** The task centre's SQL: definitions, progress events and reading time, claims and check-ins. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { reusableQuery } from '../db/reusable-query.js';
import type { TaskDefRow } from '../db/schema-tasks.js';

/** Claim keys of the check-in (a day checked in, or made up). */
export const CHECKIN_KEYS = ['checkin', 'checkin_makeup'] as const;

export interface NewClaim {
  userId: number;
  taskKey: string;
  day: number;
  streakDay?: number;
  rewardType: string;
  rewardAmount: number;
  cost?: number;
  time: number;
}

export class TaskRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The same queries inside a transaction. */
  within(trx: Kysely<DB>): TaskRepository {
    return new TaskRepository(trx);
  }

  async enabledDefs(): Promise<TaskDefRow[]> {
    return this.db
      .selectFrom('task_defs')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async checkinRewards(): Promise<{ day: number; reward_type: string; reward_amount: number }[]> {
    return this.db
      .selectFrom('task_checkin_days')
      .select(['day', 'reward_type', 'reward_amount'])
      .orderBy('day')
      .execute();
  }

  /** Records an event once per (user, day, kind, subject); answers whether it was new. */
  /** Written by every chapter opening: built and compiled once (db/reusable-query.ts). */
  private readonly insertEvent = reusableQuery<[number, number, string, number, number], never>(
    () => this.db,
    5,
    (user_id, day, kind, ref_id, created_time) =>
      this.db
        .insertInto('task_events')
        .values({ user_id, day, kind, ref_id, created_time })
        .onConflict((oc) => oc.doNothing()),
  );

  async recordEvent(
    userId: number,
    day: number,
    kind: string,
    refId: number,
    time: number,
  ): Promise<boolean> {
    const result = await this.insertEvent(userId, day, kind, refId, time);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  async hasEvent(userId: number, days: readonly number[], kind: string, refId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('task_events')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', 'in', [...days])
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Event counts of one day by kind. */
  async eventCounts(userId: number, day: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('task_events')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .groupBy('kind')
      .execute();
    return new Map(rows.map((row) => [row.kind, Number(row.count)]));
  }

  /** Seconds of reading and watching on one day by kind ('read', 'watch'). */
  async readingSeconds(userId: number, day: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('task_reading')
      .select(['kind', 'seconds'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
    return new Map(rows.map((row) => [row.kind, Number(row.seconds)]));
  }

  /** When this user's last reading report was accepted (null: never). */
  async lastReadingReport(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('task_reading')
      .select((eb) => eb.fn.max('last_report_time').as('last'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? null : Number(row.last);
  }

  async addReading(userId: number, day: number, kind: string, seconds: number, time: number): Promise<void> {
    await this.db
      .insertInto('task_reading')
      .values({ user_id: userId, day, kind, seconds, last_report_time: time })
      .onConflict((oc) =>
        oc.columns(['user_id', 'day', 'kind']).doUpdateSet((eb) => ({
          seconds: eb('task_reading.seconds', '+', seconds),
          last_report_time: time,
        })),
      )
      .execute();
  }

  /** What the one-time tasks read from the account: bound address, avatar, nickname. */
  async account(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['is_guest', 'tel', 'email', 'pic', 'nickname', 'created_time'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async fulfilledOrders(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', '=', 'fulfilled')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Claims of these days (today's daily claims and day 0's one-time claims), by key and day. */
  async claimsOn(userId: number, days: readonly number[]): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('task_claims')
      .select(['task_key', 'day'])
      .where('user_id', '=', userId)
      .where('day', 'in', [...days])
      .execute();
    return new Set(rows.map((row) => `${row.task_key}@${row.day}`));
  }

  async hasClaim(userId: number, taskKeys: readonly string[], day: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('task_claims')
      .select('id')
      .where('user_id', '=', userId)
      .where('task_key', 'in', [...taskKeys])
      .where('day', '=', day)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the user ever claimed a task (check-ins are not tasks). */
  async hasClaimedAnyTask(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('task_claims')
      .select('id')
      .where('user_id', '=', userId)
      .where('task_key', 'not in', [...CHECKIN_KEYS])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Days checked in (or made up) from `fromDay` on, newest first. */
  async checkinDays(userId: number, fromDay: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('task_claims')
      .select('day')
      .where('user_id', '=', userId)
      .where('task_key', 'in', [...CHECKIN_KEYS])
      .where('day', '>=', fromDay)
      .orderBy('day', 'desc')
      .execute();
    return rows.map((row) => row.day);
  }

  async insertClaim(claim: NewClaim): Promise<void> {
    await this.db
      .insertInto('task_claims')
      .values({
        user_id: claim.userId,
        task_key: claim.taskKey,
        day: claim.day,
        streak_day: claim.streakDay ?? 0,
        reward_type: claim.rewardType,
        reward_amount: claim.rewardAmount,
        cost: claim.cost ?? 0,
        created_time: claim.time,
      })
      .execute();
  }

  async claimLog(userId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('task_claims')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('task_claims')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  }
}
