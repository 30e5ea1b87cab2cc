/**
 * Ingestion of first-party analytics (spec §3 records, §7 events): checks a batch, removes
 * secrets from its params, dates each event in the server's time zone, marks the funnel steps it
 * proves, and hands it to the repository, which stores the raw events and the roll-ups in one
 * transaction. Stored events are then offered to the forwarder, if one is configured.
 */
import {
  ANALYTICS_CHANNEL,
  ANALYTICS_EVENT_NAME,
  ANALYTICS_LIMITS,
  stripSecretParams,
  type AnalyticsEvent,
} from '@dm51/shared';
import { eventDay, localDay } from '../analytics/analytics-day.js';
import { AnalyticsErrors } from '../analytics/analytics-errors.js';
import type { ForwardEvent } from '../analytics/analytics-forwarder.js';
import {
  FUNNEL_STEP_EVENTS,
  type AnalyticsRepository,
  type StepDays,
  type StoredEvent,
} from '../repositories/analytics.repository.js';

/** A client clock a little ahead is normal; a day ahead is a broken event. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
export const DEFAULT_CHANNEL = '51dm';
/** Purge in slices, so a large backlog never holds the write lock for long. */
const PURGE_SLICE = 5_000;

export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly retentionDays: number,
    private readonly forward: ((events: ForwardEvent[]) => void) | null = null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Stores a batch for the session's user; answers how many events were stored. */
  async store(userId: number, channelCode: string, events: readonly AnalyticsEvent[]): Promise<number> {
    if (events.length > ANALYTICS_LIMITS.batchMax) throw AnalyticsErrors.batchTooLarge(events.length);
    const channel = channelCode === '' ? DEFAULT_CHANNEL : channelCode;
    if (!ANALYTICS_CHANNEL.test(channel)) throw AnalyticsErrors.channelInvalid();
    const receivedMs = this.now();
    const stored = events.map((event, index) => this.checked(event, index, receivedMs));
    if (stored.length === 0) return 0;
    await this.repo.store({
      userId,
      channel,
      receivedS: Math.floor(receivedMs / 1000),
      events: stored,
      steps: stepDays(stored),
    });
    this.forward?.(
      stored.map((event) => ({
        name: event.name,
        userId,
        channel,
        label: event.label,
        params: JSON.parse(event.params) as ForwardEvent['params'],
        value: event.value,
        count: event.count,
        time: event.start_time,
      })),
    );
    return stored.length;
  }

  private checked(event: AnalyticsEvent, index: number, receivedMs: number): StoredEvent {
    if (!ANALYTICS_EVENT_NAME.test(event.id))
      throw AnalyticsErrors.eventInvalid(index, `name '${event.id}' must be lowercase letters, digits and _`);
    if (Object.keys(event.params).length > ANALYTICS_LIMITS.paramsMax)
      throw AnalyticsErrors.eventInvalid(index, `at most ${ANALYTICS_LIMITS.paramsMax} params`);
    if (event.start_time > receivedMs + FUTURE_TOLERANCE_MS)
      throw AnalyticsErrors.eventInvalid(index, 'start_time is in the future (check the device clock)');
    return {
      name: event.id,
      label: event.label,
      params: JSON.stringify(stripSecretParams(event.params)),
      value: event.value,
      count: event.count,
      start_time: event.start_time,
      day: eventDay(event.start_time, receivedMs),
    };
  }

  /** Deletes raw events older than the retention; the roll-ups stay. Answers how many went. */
  async purge(): Promise<number> {
    const firstKeptDay = localDay(this.now()) - this.retentionDays + 1;
    let total = 0;
    for (;;) {
      const deleted = await this.repo.purgeEvents(firstKeptDay, PURGE_SLICE);
      total += deleted;
      if (deleted < PURGE_SLICE) break;
    }
    await this.repo.purgeUserDays(firstKeptDay);
    return total;
  }

  /** Recomputes every roll-up from the raw events still kept (repairs, bulk loads, the benchmark). */
  rebuildRollups(): Promise<void> {
    return this.repo.rebuildRollups();
  }
}

function stepDays(events: readonly StoredEvent[]): StepDays {
  const steps: StepDays = {};
  for (const [column, names] of Object.entries(FUNNEL_STEP_EVENTS) as [keyof StepDays, readonly string[]][]) {
    const days = events.filter((event) => names.includes(event.name)).map((event) => event.day);
    if (days.length > 0) steps[column] = Math.min(...days);
  }
  return steps;
}
