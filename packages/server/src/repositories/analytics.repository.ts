/**
 * The only SQL of analytics ingestion: the raw events (append-only) and the roll-ups kept beside
 * them in the same transaction, so the dashboard reads small tables and a crash can never leave
 * the two apart. Also the retention purge and the rebuild of every roll-up from the raw events.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

export interface StoredEvent {
  name: string;
  label: string;
  /** JSON of the params, secrets already removed. */
  params: string;
  value: number;
  count: number;
  start_time: number;
  day: number;
}

/** The first day of each funnel step found in a batch. */
export interface StepDays {
  register_day?: number;
  read_day?: number;
  topup_day?: number;
}

export interface StoredBatch {
  userId: number;
  channel: string;
  receivedS: number;
  events: readonly StoredEvent[];
  steps: StepDays;
}

/** Names whose first occurrence is a funnel step (kept in one place for ingestion and rebuild). */
export const FUNNEL_STEP_EVENTS = {
  register_day: ['register'],
  read_day: ['read_session', 'chapter_read'],
  topup_day: ['pay_success'],
} as const;

export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  async store(batch: StoredBatch): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('analytics_events')
        .values(
          batch.events.map((event) => ({
            ...event,
            user_id: batch.userId,
            channel: batch.channel,
            received_time: batch.receivedS,
          })),
        )
        .execute();
      const days = [...new Set(batch.events.map((event) => event.day))].sort((a, b) => a - b);
      const user = await this.userOf(trx, batch.userId, batch.channel, days[0]!);
      await this.markSteps(trx, batch.userId, batch.steps);
      const fresh = await trx
        .insertInto('analytics_user_days')
        .values(days.map((day) => ({ day, user_id: batch.userId })))
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .execute();
      await this.countActive(
        trx,
        user,
        fresh.map((row) => row.day),
      );
      await this.countEvents(trx, batch);
    });
  }

  /** The user's attribution row, made on their first batch (first-touch channel and day). */
  private async userOf(trx: Transaction<DB>, userId: number, channel: string, day: number) {
    const read = () =>
      trx
        .selectFrom('analytics_users')
        .select(['channel', 'first_day'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    // Read first: every batch but a user's first finds the row, and a read takes no row lock.
    const known = await read();
    if (known) return known;
    await trx
      .insertInto('analytics_users')
      .values({ user_id: userId, channel, first_day: day })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await read())!;
  }

  private async markSteps(trx: Transaction<DB>, userId: number, steps: StepDays): Promise<void> {
    const entries = Object.entries(steps) as [keyof StepDays, number][];
    if (entries.length === 0) return;
    const set = Object.fromEntries(
      entries.map(([column, day]) => [column, sql`coalesce(${sql.ref(column)}, ${day})`]),
    );
    await trx.updateTable('analytics_users').set(set).where('user_id', '=', userId).execute();
  }

  /** A user's new active days raise the day's active users and their cohort's retention. */
  private async countActive(
    trx: Transaction<DB>,
    user: { channel: string; first_day: number },
    days: number[],
  ): Promise<void> {
    if (days.length === 0) return;
    await trx
      .insertInto('analytics_active')
      .values(days.map((day) => ({ day, channel: user.channel, users: 1 })))
      .onConflict((oc) =>
        oc.columns(['day', 'channel']).doUpdateSet({ users: sql`analytics_active.users + excluded.users` }),
      )
      .execute();
    const ages = days.map((day) => day - user.first_day).filter((age) => age >= 0);
    if (ages.length === 0) return;
    await trx
      .insertInto('analytics_cohorts')
      .values(ages.map((age) => ({ cohort_day: user.first_day, channel: user.channel, age, users: 1 })))
      .onConflict((oc) =>
        oc
          .columns(['cohort_day', 'channel', 'age'])
          .doUpdateSet({ users: sql`analytics_cohorts.users + excluded.users` }),
      )
      .execute();
  }

  /** Sorted keys: concurrent batches lock the shared counter rows in one order (no deadlock). */
  private async countEvents(trx: Transaction<DB>, batch: StoredBatch): Promise<void> {
    const counts = new Map<string, { day: number; name: string; events: number }>();
    for (const event of batch.events) {
      const key = `${String(event.day).padStart(8, '0')} ${event.name}`;
      const entry = counts.get(key) ?? { day: event.day, name: event.name, events: 0 };
      entry.events += event.count;
      counts.set(key, entry);
    }
    const rows = [...counts.keys()].sort().map((key) => ({ ...counts.get(key)!, channel: batch.channel }));
    await trx
      .insertInto('analytics_daily')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['day', 'channel', 'name'])
          .doUpdateSet({ events: sql`analytics_daily.events + excluded.events` }),
      )
      .execute();
  }

  /** Deletes up to `limit` raw events older than `beforeDay`; answers how many went. */
  async purgeEvents(beforeDay: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('analytics_events')
      .where('id', 'in', (eb) =>
        eb.selectFrom('analytics_events').select('id').where('day', '<', beforeDay).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Active-day rows only deduplicate days still receiving events; older ones can go too. */
  async purgeUserDays(beforeDay: number): Promise<void> {
    await this.db.deleteFrom('analytics_user_days').where('day', '<', beforeDay).execute();
  }

  /**
   * Replaces every roll-up with what the raw events still kept say, in set-based statements (the
   * benchmark loads events in bulk this way; an operator can repair roll-ups with it). Days
   * already purged from the raw table are gone from the result.
   */
  async rebuildRollups(): Promise<void> {
    const stepColumn = (names: readonly string[]) =>
      sql`min(case when name in (${sql.join(names.map((name) => sql.lit(name)))}) then day end)`;
    await this.db.transaction().execute(async (trx) => {
      for (const table of [
        'analytics_daily',
        'analytics_user_days',
        'analytics_active',
        'analytics_users',
        'analytics_cohorts',
      ] as const)
        await trx.deleteFrom(table).execute();
      await sql`insert into analytics_daily (day, channel, name, events)
        select day, channel, name, sum(count) from analytics_events group by day, channel, name`.execute(trx);
      await sql`insert into analytics_user_days (day, user_id)
        select day, user_id from analytics_events group by day, user_id`.execute(trx);
      await sql`insert into analytics_users (user_id, channel, first_day, register_day, read_day, topup_day)
        select f.user_id, e.channel, f.first_day, f.register_day, f.read_day, f.topup_day
        from (select user_id, min(id) as first_id, min(day) as first_day,
                ${stepColumn(FUNNEL_STEP_EVENTS.register_day)} as register_day,
                ${stepColumn(FUNNEL_STEP_EVENTS.read_day)} as read_day,
                ${stepColumn(FUNNEL_STEP_EVENTS.topup_day)} as topup_day
              from analytics_events group by user_id) f
        join analytics_events e on e.id = f.first_id`.execute(trx);
      await sql`insert into analytics_active (day, channel, users)
        select d.day, u.channel, count(*) from analytics_user_days d
        join analytics_users u on u.user_id = d.user_id group by d.day, u.channel`.execute(trx);
      await sql`insert into analytics_cohorts (cohort_day, channel, age, users)
        select u.first_day, u.channel, d.day - u.first_day, count(*) from analytics_user_days d
        join analytics_users u on u.user_id = d.user_id where d.day >= u.first_day
        group by u.first_day, u.channel, d.day - u.first_day`.execute(trx);
    });
  }
}
