/**
 * The dashboard's aggregate queries. Each reads a roll-up (analytics_active, analytics_cohorts,
 * analytics_users, analytics_daily), never the raw events, so each stays well under 200 ms on ten
 * million events (`npm run bench:analytics`). Days are day numbers (analytics/analytics-day.ts).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface DayRange {
  from: number;
  to: number;
  /** Only users (or events) of this channel. */
  channel?: string;
}

/** PostgreSQL answers sum(bigint) as numeric (a string); every count goes through this. */
const num = (value: unknown): number => Number(value ?? 0);

export class AnalyticsDashboardRepository {
  constructor(private readonly db: Database) {}

  async activeUsers(range: DayRange, perChannel: boolean) {
    let query = this.db
      .selectFrom('analytics_active')
      .select(['day', sql<number>`sum(users)`.as('users')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('day')
      .orderBy('day');
    if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
    if (perChannel) query = query.select('channel').groupBy('channel').orderBy('channel');
    const rows = await query.execute();
    return rows.map((row) => ({
      day: row.day,
      channel: 'channel' in row ? String(row.channel) : undefined,
      users: num(row.users),
    }));
  }

  /** Cohort sizes (age 0 = new users) and their users active `ages` days later. */
  async cohorts(range: DayRange, ages: readonly number[]) {
    let query = this.db
      .selectFrom('analytics_cohorts')
      .select(['cohort_day', 'age', sql<number>`sum(users)`.as('users')])
      .where('cohort_day', '>=', range.from)
      .where('cohort_day', '<=', range.to)
      .where('age', 'in', [0, ...ages])
      .groupBy(['cohort_day', 'age'])
      .orderBy('cohort_day');
    if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
    const rows = await query.execute();
    return rows.map((row) => ({ cohortDay: row.cohort_day, age: row.age, users: num(row.users) }));
  }

  async registrations(range: DayRange) {
    let query = this.db
      .selectFrom('analytics_users')
      .select(['register_day', sql<number>`count(*)`.as('users')])
      .where('register_day', '>=', range.from)
      .where('register_day', '<=', range.to)
      .groupBy('register_day');
    if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
    const rows = await query.execute();
    return rows.map((row) => ({ day: num(row.register_day), users: num(row.users) }));
  }

  /**
   * Users first seen in the range, per first-touch channel, and how many of them reached each
   * step together with every step before it (any order: guests often read before registering).
   */
  async funnel(range: DayRange) {
    const reached = (...columns: string[]) =>
      sql<number>`sum(case when ${sql.join(
        columns.map((column) => sql`${sql.ref(column)} is not null`),
        sql` and `,
      )} then 1 else 0 end)`;
    let query = this.db
      .selectFrom('analytics_users')
      .select([
        'channel',
        sql<number>`count(*)`.as('visit'),
        reached('register_day').as('register'),
        reached('register_day', 'read_day').as('first_read'),
        reached('register_day', 'read_day', 'topup_day').as('first_topup'),
      ])
      .where('first_day', '>=', range.from)
      .where('first_day', '<=', range.to)
      .groupBy('channel')
      .orderBy('channel');
    if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
    const rows = await query.execute();
    return rows.map((row) => ({
      channel: row.channel,
      visit: num(row.visit),
      register: num(row.register),
      first_read: num(row.first_read),
      first_topup: num(row.first_topup),
    }));
  }

  async eventsPerDay(range: DayRange, names?: readonly string[]) {
    let query = this.db
      .selectFrom('analytics_daily')
      .select(['day', 'name', sql<number>`sum(events)`.as('events')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['day', 'name'])
      .orderBy('day')
      .orderBy('name');
    if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
    if (names && names.length > 0) query = query.where('name', 'in', names);
    const rows = await query.execute();
    return rows.map((row) => ({ day: row.day, name: row.name, events: num(row.events) }));
  }
}
