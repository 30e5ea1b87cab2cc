/**
 * First-party analytics events, stored append-only in one batch insert per request (no row is
 * ever updated, so there is no hot row). Issue 13 adds roll-ups and the dashboard queries.
 */
import type { AnalyticsEvent } from '@dm51/shared';
import type { Database } from '../db/database.js';

export class AnalyticsService {
  constructor(private readonly db: Database) {}

  async store(userId: number, channel: string, events: readonly AnalyticsEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const received = Math.floor(Date.now() / 1000);
    await this.db
      .insertInto('analytics_events')
      .values(
        events.map((event) => ({
          user_id: userId,
          name: event.id,
          label: event.label,
          params: JSON.stringify(event.params),
          value: event.value,
          count: event.count,
          start_time: event.start_time,
          channel,
          received_time: received,
        })),
      )
      .execute();
    return events.length;
  }
}
