import { describe, expect, it } from 'vitest';
import { loadAnalyticsConfig } from './analytics-config.js';

describe('analytics configuration', () => {
  it('keeps 90 days and forwards nothing by default', () => {
    expect(loadAnalyticsConfig({})).toEqual({ retentionDays: 90, purgeIntervalS: 3600, forward: null });
  });

  it('reads the retention and a PostHog forwarder', () => {
    expect(
      loadAnalyticsConfig({
        ANALYTICS_RETENTION_DAYS: '30',
        ANALYTICS_FORWARD: 'posthog',
        ANALYTICS_FORWARD_URL: 'https://ph.example.com/',
        ANALYTICS_FORWARD_KEY: 'phc_abc',
      }),
    ).toEqual({
      retentionDays: 30,
      purgeIntervalS: 3600,
      forward: { kind: 'posthog', url: 'https://ph.example.com', apiKey: 'phc_abc' },
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadAnalyticsConfig({ ANALYTICS_RETENTION_DAYS: '1' })).toThrow(/ANALYTICS_RETENTION_DAYS/);
    expect(() => loadAnalyticsConfig({ ANALYTICS_RETENTION_DAYS: '9.5' })).toThrow(
      /ANALYTICS_RETENTION_DAYS/,
    );
    expect(() => loadAnalyticsConfig({ ANALYTICS_FORWARD: 'umami' })).toThrow(/ANALYTICS_FORWARD /);
    expect(() => loadAnalyticsConfig({ ANALYTICS_FORWARD: 'posthog' })).toThrow(/ANALYTICS_FORWARD_URL/);
    expect(() =>
      loadAnalyticsConfig({ ANALYTICS_FORWARD: 'posthog', ANALYTICS_FORWARD_URL: 'http://127.0.0.1:1' }),
    ).toThrow(/ANALYTICS_FORWARD_KEY/);
  });
});
