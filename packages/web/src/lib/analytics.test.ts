/**
 * The browser wiring of analytics: hiding the page sends the queue with navigator.sendBeacon as a
 * form body whose `data` is the sealed call (session fields merged), and the settings switch and
 * Do Not Track keep anything from being queued. Browser globals are stubbed (node environment).
 */
import { createEnvelope, nobleCfbCipher } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsModule from './analytics';

const KEY = '000102030405060708090a0b0c0d0e0f';
const beacons: { url: string; body: URLSearchParams }[] = [];
const listeners = new Map<string, () => void>();
const nav = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14)',
  doNotTrack: null as string | null,
  sendBeacon: vi.fn(),
};
const doc = {
  visibilityState: 'visible',
  addEventListener: (type: string, run: () => void) => listeners.set(type, run),
};

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

let analytics: typeof AnalyticsModule;

beforeAll(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', nav);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('__DM51_CONFIG__', {
    envelopeKey: KEY,
    apiKey: 'web-test-key',
    imageXorKey: 1,
    apiHosts: [],
    version: 't',
  });
  nav.sendBeacon.mockImplementation((url: string, body: URLSearchParams) => beacons.push({ url, body }) > 0);
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('uid', '42');
  localStorage.setItem('isGuest', '1');
  localStorage.setItem('channelCode', 'spring');
  analytics = await import('./analytics');
});
afterAll(() => vi.unstubAllGlobals());

const hide = () => {
  doc.visibilityState = 'hidden';
  listeners.get('visibilitychange')!();
  doc.visibilityState = 'visible';
};

describe('analytics in the browser', () => {
  it('sends the queue by beacon when the page is hidden, sealed like a call', () => {
    analytics.trackPageView('/pages/user/invite/write');
    analytics.track('search', { label: 'one piece', params: { type: 0, invite_code: 'X7' } });
    hide();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/v3/analytics/track');
    const opened = createEnvelope(KEY, nobleCfbCipher).open(beacons[0]!.body.get('data')!) as Record<
      string,
      unknown
    >;
    expect(opened).toMatchObject({
      user_token: 'tok-1',
      user_id: 42,
      apikey: 'web-test-key',
      channel: 'spring',
    });
    expect((opened['events'] as { id: string; params: unknown }[]).map((e) => [e.id, e.params])).toEqual([
      ['page_view', { route: '/pages/user/invite/write' }],
      ['search', { type: 0 }],
    ]);
  });

  it('queues nothing after the user opts out, or with Do Not Track', () => {
    beacons.length = 0;
    analytics.setAnalyticsOptOut(true);
    expect(analytics.isAnalyticsOptedOut()).toBe(true);
    analytics.track('login');
    hide();
    analytics.setAnalyticsOptOut(false);
    nav.doNotTrack = '1';
    expect(analytics.doNotTrack()).toBe(true);
    analytics.track('login');
    hide();
    expect(beacons).toHaveLength(0);
    nav.doNotTrack = null;
    analytics.track('login');
    hide();
    expect(beacons).toHaveLength(1);
  });
});
