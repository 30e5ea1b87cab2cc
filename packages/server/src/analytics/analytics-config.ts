/**
 * Analytics settings, read from the environment by config.ts (docs/reference/configuration.md): how
 * long raw events are kept, and the optional forwarder to a self-hosted PostHog. A config without them
 * (server unit tests) gets `DEFAULT_ANALYTICS_CONFIG`: 90 days, no forwarding, no periodic purge
 * (tests drive it).
 */
export interface PostHogForwardConfig {
  kind: 'posthog';
  /** The PostHog host, e.g. https://posthog.example.com (events go to <url>/batch/). */
  url: string;
  /** The project API key (phc_…), which PostHog's capture endpoints expect in the body. */
  apiKey: string;
}

export interface AnalyticsConfig {
  /** Raw events older than this many days are deleted (roll-ups are kept). */
  retentionDays: number;
  /** How often the purge runs; 0 = never on its own (tests call it). */
  purgeIntervalS: number;
  forward: PostHogForwardConfig | null;
}

export const DEFAULT_RETENTION_DAYS = 90;
const PURGE_INTERVAL_S = 3600;

export const DEFAULT_ANALYTICS_CONFIG: AnalyticsConfig = {
  retentionDays: DEFAULT_RETENTION_DAYS,
  purgeIntervalS: 0,
  forward: null,
};

const value = (env: NodeJS.ProcessEnv, name: string): string => (env[name] ?? '').trim();

export function loadAnalyticsConfig(env: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const rawDays = value(env, 'ANALYTICS_RETENTION_DAYS');
  const retentionDays = rawDays === '' ? DEFAULT_RETENTION_DAYS : Number(rawDays);
  if (!/^\d*$/.test(rawDays) || !Number.isInteger(retentionDays) || retentionDays < 2 || retentionDays > 3650)
    throw new Error('ANALYTICS_RETENTION_DAYS must be an integer from 2 to 3650');
  const kind = value(env, 'ANALYTICS_FORWARD').toLowerCase();
  if (kind !== '' && kind !== 'off' && kind !== 'posthog')
    throw new Error('ANALYTICS_FORWARD must be posthog or off');
  let forward: PostHogForwardConfig | null = null;
  if (kind === 'posthog') {
    const url = value(env, 'ANALYTICS_FORWARD_URL').replace(/\/+$/, '');
    const apiKey = value(env, 'ANALYTICS_FORWARD_KEY');
    if (!/^https?:\/\/\S+$/.test(url))
      throw new Error('ANALYTICS_FORWARD_URL must be the http(s):// address of the PostHog host');
    if (apiKey === '') throw new Error('ANALYTICS_FORWARD_KEY must be the PostHog project API key');
    forward = { kind, url, apiKey };
  }
  return { retentionDays, purgeIntervalS: PURGE_INTERVAL_S, forward };
}
