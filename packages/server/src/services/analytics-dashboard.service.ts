/**
 * The console dashboard's aggregates (first-party analytics): active users, new users, retention by cohort,
 * the visit → register → first read → first top-up funnel per channel, and events per name. Ranges
 * are dates 'YYYY-MM-DD' in the server's time zone, both ends included; every answer is read from
 * the roll-ups (repositories/analytics-dashboard.repository.ts).
 */
import { dateToDay, dayToDate } from '../analytics/analytics-day.js';
import { AnalyticsErrors } from '../analytics/analytics-errors.js';
import type {
  AnalyticsDashboardRepository,
  DayRange,
} from '../repositories/analytics-dashboard.repository.js';

export interface DateRange {
  from: string;
  to: string;
  /** Only this channel (users: their first-touch channel; events: the channel they were sent with). */
  channel?: string;
}

const MAX_RANGE_DAYS = 400;
export const DEFAULT_RETENTION_AGES = [1, 7, 30] as const;

export interface RetentionRow {
  cohort: string;
  users: number;
  /** Users of the cohort active exactly `age` days after their first day, by age. */
  retained: Record<number, number>;
}

export class AnalyticsDashboardService {
  constructor(private readonly repo: AnalyticsDashboardRepository) {}

  /** Active users per day; with `perChannel`, one row per day and first-touch channel. */
  async activeUsers(range: DateRange, options: { perChannel?: boolean } = {}) {
    const rows = await this.repo.activeUsers(toDays(range), options.perChannel ?? false);
    return rows.map((row) => ({
      date: dayToDate(row.day),
      ...(row.channel !== undefined ? { channel: row.channel } : {}),
      users: row.users,
    }));
  }

  /** Per day: users seen for the first time, and accounts registered (guests who signed up). */
  async newUsers(range: DateRange) {
    const days = toDays(range);
    const [cohorts, registrations] = await Promise.all([
      this.repo.cohorts(days, []),
      this.repo.registrations(days),
    ]);
    const byDay = new Map<number, { first_seen: number; registered: number }>();
    const entry = (day: number) =>
      byDay.get(day) ?? byDay.set(day, { first_seen: 0, registered: 0 }).get(day)!;
    for (const row of cohorts) entry(row.cohortDay).first_seen = row.users;
    for (const row of registrations) entry(row.day).registered = row.users;
    return [...byDay.entries()]
      .sort(([a], [b]) => a - b)
      .map(([day, counts]) => ({ date: dayToDate(day), ...counts }));
  }

  /** Cohorts by first day with the users active again after each age (default days 1, 7 and 30). */
  async retention(
    range: DateRange,
    ages: readonly number[] = DEFAULT_RETENTION_AGES,
  ): Promise<RetentionRow[]> {
    if (ages.some((age) => !Number.isInteger(age) || age < 1 || age > 3650))
      throw AnalyticsErrors.rangeInvalid('retention ages are whole days from 1');
    const rows = await this.repo.cohorts(toDays(range), ages);
    const cohorts = new Map<number, RetentionRow>();
    for (const row of rows) {
      const cohort =
        cohorts.get(row.cohortDay) ??
        cohorts
          .set(row.cohortDay, {
            cohort: dayToDate(row.cohortDay),
            users: 0,
            retained: Object.fromEntries(ages.map((age) => [age, 0])),
          })
          .get(row.cohortDay)!;
      if (row.age === 0) cohort.users = row.users;
      else cohort.retained[row.age] = row.users;
    }
    return [...cohorts.values()];
  }

  /** Users first seen in the range, per first-touch channel, through the funnel's steps. */
  async funnel(range: DateRange) {
    return this.repo.funnel(toDays(range));
  }

  /** Events (sum of the records' counts) per day and name; optionally only some names. */
  async eventsPerDay(range: DateRange, names?: readonly string[]) {
    const rows = await this.repo.eventsPerDay(toDays(range), names);
    return rows.map((row) => ({ date: dayToDate(row.day), name: row.name, events: row.events }));
  }
}

function toDays(range: DateRange): DayRange {
  const from = dateToDay(range.from);
  const to = dateToDay(range.to);
  if (from === null || to === null)
    throw AnalyticsErrors.rangeInvalid('from and to must be dates YYYY-MM-DD');
  if (from > to) throw AnalyticsErrors.rangeInvalid('from must not be after to');
  if (to - from >= MAX_RANGE_DAYS) throw AnalyticsErrors.rangeInvalid(`at most ${MAX_RANGE_DAYS} days`);
  return { from, to, ...(range.channel !== undefined ? { channel: range.channel } : {}) };
}
