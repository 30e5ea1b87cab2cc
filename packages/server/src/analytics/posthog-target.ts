/**
 * PostHog's batch capture API (self-hosted or cloud): POST <host>/batch/ with the project API key
 * and up to a few hundred events. Page views become PostHog's own `$pageview` so its web
 * analytics views work; users are `dm51:<id>` (guests keep their id when they register).
 */
import type { ForwardEvent, ForwardTarget } from './analytics-forwarder.js';
import type { PostHogForwardConfig } from './analytics-config.js';

const TIMEOUT_MS = 10_000;

export function postHogBatch(apiKey: string, events: readonly ForwardEvent[]) {
  return {
    api_key: apiKey,
    batch: events.map((event) => ({
      event: event.name === 'page_view' ? '$pageview' : event.name,
      distinct_id: `dm51:${event.userId}`,
      timestamp: new Date(event.time).toISOString(),
      properties: {
        ...event.params,
        ...(event.name === 'page_view' && typeof event.params['route'] === 'string'
          ? { $pathname: event.params['route'] }
          : {}),
        label: event.label,
        value: event.value,
        count: event.count,
        channel: event.channel,
        $lib: 'dm51-server',
      },
    })),
  };
}

export class PostHogTarget implements ForwardTarget {
  readonly name = 'posthog';

  constructor(private readonly config: PostHogForwardConfig) {}

  async send(events: readonly ForwardEvent[]): Promise<void> {
    const response = await fetch(`${this.config.url}/batch/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(postHogBatch(this.config.apiKey, events)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // Drain the body so the connection can be reused.
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`PostHog answered HTTP ${response.status}`);
  }
}
