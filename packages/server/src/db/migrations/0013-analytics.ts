/**
 * First-party analytics: roll-ups of the first-party events (migration 0009 made the raw table), so
 * the dashboard never scans raw events, and what the retention purge needs.
 *
 * - `analytics_events.day`: the event's day number in the server's time zone (days since
 *   1970-01-01 local), set at ingestion; the purge and the rebuild read it through its index.
 * - `analytics_daily`: events per (day, event channel, name): sum of the records' `count`.
 * - `analytics_user_days`: one row per user and active day (dedupe for the active counters).
 * - `analytics_active`: active users per (day, the user's first-touch channel).
 * - `analytics_users`: one row per user: first-touch channel, first day, and the first day of
 *   each funnel step (register, first read, first top-up); null = not reached.
 * - `analytics_cohorts`: users of a cohort (first day, channel) active `age` days later; age 0 is
 *   the cohort's size, i.e. new users.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analytics_events')
    .addColumn('day', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The dashboard reads roll-ups, so the name index only cost every insert; the purge needs day.
  await db.schema.dropIndex('analytics_events_name_idx').execute();
  await db.schema.createIndex('analytics_events_day_idx').on('analytics_events').column('day').execute();

  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'channel', 'name'])
    .execute();

  await db.schema
    .createTable('analytics_user_days')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_user_days_pk', ['day', 'user_id'])
    .execute();

  await db.schema
    .createTable('analytics_active')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(40)', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_active_pk', ['day', 'channel'])
    .execute();

  await db.schema
    .createTable('analytics_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(40)', (c) => c.notNull())
    .addColumn('first_day', 'integer', (c) => c.notNull())
    .addColumn('register_day', 'integer')
    .addColumn('read_day', 'integer')
    .addColumn('topup_day', 'integer')
    .execute();
  // Covers the funnel (users first seen in a range, by channel, and the steps they reached), so
  // it is answered from the index alone.
  await db.schema
    .createIndex('analytics_users_first_idx')
    .on('analytics_users')
    .columns(['first_day', 'channel', 'register_day', 'read_day', 'topup_day'])
    .execute();
  await db.schema
    .createIndex('analytics_users_register_idx')
    .on('analytics_users')
    .column('register_day')
    .execute();

  await db.schema
    .createTable('analytics_cohorts')
    .addColumn('cohort_day', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(40)', (c) => c.notNull())
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_cohorts_pk', ['cohort_day', 'channel', 'age'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_cohorts',
    'analytics_users',
    'analytics_active',
    'analytics_user_days',
    'analytics_daily',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('analytics_events_day_idx').execute();
  await db.schema.alterTable('analytics_events').dropColumn('day').execute();
  await db.schema
    .createIndex('analytics_events_name_idx')
    .on('analytics_events')
    .columns(['name', 'received_time'])
    .execute();
}
