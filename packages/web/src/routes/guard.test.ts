import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard';

const user = { token: 't', uid: 7, isGuest: false };
const GUARDED = [
  '/pages/user/vip/vip',
  '/pages/user/vip/balance',
  '/pages/user/invite/invite',
  '/pages/user/invite/write',
  '/pages/user/seting/info',
];

describe('navigation guard', () => {
  it('sends guests to login for each guarded page', () => {
    for (const path of GUARDED) {
      const login = `/pages/user/login/login?redirect=${encodeURIComponent(path)}`;
      expect(guardRedirect(path, { token: 't', uid: 7, isGuest: true })).toBe(login);
      expect(guardRedirect(path, { token: '', uid: 7, isGuest: false })).toBe(login);
      expect(guardRedirect(path, { token: 't', uid: 0, isGuest: false })).toBe(login);
    }
  });

  it('lets logged-in users through', () => {
    for (const path of GUARDED) expect(guardRedirect(path, user)).toBeNull();
  });

  it('never stops other pages, even for guests', () => {
    const guest = { token: '', uid: 0, isGuest: true };
    for (const path of [
      '/pages/user/user',
      '/pages/user/vip/pay',
      '/pages/user/invite/inviteLog',
      '/pages/unknown',
    ]) {
      expect(guardRedirect(path, guest)).toBeNull();
    }
  });

  it('finds the guarded page by its path and keeps its query for after login', () => {
    expect(guardRedirect('/pages/user/vip/vip?from=mine', { token: '', uid: 0, isGuest: true })).toBe(
      `/pages/user/login/login?redirect=${encodeURIComponent('/pages/user/vip/vip?from=mine')}`,
    );
  });
});
