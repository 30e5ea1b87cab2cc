import { describe, expect, it } from 'vitest';
import { outcomeForCode } from '../lib/api/outcome';
import { parseRuntimeConfig } from '../lib/runtime-config';
import { vipActiveUntil, ACCOUNT_ENTRIES, LIBRARY_ENTRIES, MORE_ENTRIES } from './user/user-entries';
import { entryRedirectTarget, launchDecision } from './launch';
import { findRoute } from './route-table';

describe('launch rule', () => {
  it('sends a deep link to the entry page when no host is known, keeping where it was going', () => {
    expect(launchDecision({ pathWithSearch: '/pages/user/user', hostKnown: false, hasToken: true })).toEqual({
      kind: 'toEntry',
      to: '/?redirect=%2Fpages%2Fuser%2Fuser',
    });
  });

  it('sends a deep link without a session to the entry page too', () => {
    expect(
      launchDecision({ pathWithSearch: '/pages/home/home?tab=2', hostKnown: true, hasToken: false }).kind,
    ).toBe('toEntry');
  });

  it('fetches start-up settings when a host is known', () => {
    expect(launchDecision({ pathWithSearch: '/pages/user/user', hostKnown: true, hasToken: true })).toEqual({
      kind: 'fetchSettings',
    });
    expect(launchDecision({ pathWithSearch: '/', hostKnown: true, hasToken: false })).toEqual({
      kind: 'fetchSettings',
    });
    expect(
      launchDecision({ pathWithSearch: '/pages/index/index', hostKnown: false, hasToken: false }),
    ).toEqual({
      kind: 'stay',
    });
  });

  it('only returns to in-app pages after the entry page', () => {
    expect(entryRedirectTarget('?redirect=%2Fpages%2Fuser%2Fuser', '/home')).toBe('/pages/user/user');
    expect(entryRedirectTarget('?redirect=%2Fpages%2Fhome%2Fhome%3Ftab%3D2', '/home')).toBe(
      '/pages/home/home?tab=2',
    );
    expect(entryRedirectTarget('?redirect=https%3A%2F%2Fevil.example', '/home')).toBe('/home');
    expect(entryRedirectTarget('?redirect=%2F%2Fevil.example', '/home')).toBe('/home');
    expect(entryRedirectTarget('?redirect=%2F', '/home')).toBe('/home');
    expect(entryRedirectTarget('', '/home')).toBe('/home');
  });
});

describe('response codes', () => {
  it('treats 1 and 200 as success, 11 as silent and the rest as a toast', () => {
    expect(outcomeForCode(1)).toBe('success');
    expect(outcomeForCode(200)).toBe('success');
    expect(outcomeForCode(11)).toBe('silent');
    expect(outcomeForCode(0)).toBe('toast');
    expect(outcomeForCode(1003)).toBe('toast');
  });
});

describe('runtime config', () => {
  const good = {
    envelopeKey: '00'.repeat(16),
    apiKey: 'k',
    imageXorKey: 90,
    apiHosts: ['https://a.example/ '],
    version: '1.4.1',
  };

  it('accepts a complete config and tidies the host list', () => {
    const result = parseRuntimeConfig(good);
    expect(result.ok && result.config.apiHosts).toEqual(['https://a.example']);
  });

  it('reports a missing or malformed config', () => {
    expect(parseRuntimeConfig(undefined)).toEqual({ ok: false, problem: 'missing' });
    expect(parseRuntimeConfig({ ...good, envelopeKey: 'xyz' })).toEqual({ ok: false, problem: 'invalid' });
    expect(parseRuntimeConfig({ ...good, apiHosts: 'a' })).toEqual({ ok: false, problem: 'invalid' });
    expect(parseRuntimeConfig('x')).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('mine page entries', () => {
  it('all lead to routes in the table', () => {
    for (const entry of [...LIBRARY_ENTRIES, ...ACCOUNT_ENTRIES, ...MORE_ENTRIES]) {
      expect(findRoute(entry.path)?.name, entry.path).toBe(entry.id);
    }
  });

  it('shows VIP only while it lasts', () => {
    const now = 1_700_000_000_000;
    expect(vipActiveUntil({ vip: 1, viptime: now / 1000 + 60 }, now)).toEqual(new Date(now + 60_000));
    expect(vipActiveUntil({ vip: 1, viptime: now / 1000 - 60 }, now)).toBeNull();
    expect(vipActiveUntil({ vip: 0, viptime: now / 1000 + 60 }, now)).toBeNull();
    expect(vipActiveUntil(null, now)).toBeNull();
  });
});
