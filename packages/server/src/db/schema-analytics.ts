/** Table types of migration 0013-analytics.ts (first-party analytics); merged into DB in schema.ts. */
export interface AnalyticsTables {
  analytics_daily: AnalyticsDailyTable;
  analytics_user_days: AnalyticsUserDaysTable;
  analytics_active: AnalyticsActiveTable;
  analytics_users: AnalyticsUsersTable;
  analytics_cohorts: AnalyticsCohortsTable;
}

/** Days are day numbers in the server's time zone (analytics/analytics-day.ts). */
export interface AnalyticsDailyTable {
  day: number;
  channel: string;
  name: string;
  events: number;
}

export interface AnalyticsUserDaysTable {
  day: number;
  user_id: number;
}

export interface AnalyticsActiveTable {
  day: number;
  channel: string;
  users: number;
}

export interface AnalyticsUsersTable {
  user_id: number;
  channel: string;
  first_day: number;
  register_day: number | null;
  read_day: number | null;
  topup_day: number | null;
}

export interface AnalyticsCohortsTable {
  cohort_day: number;
  channel: string;
  age: number;
  users: number;
}
