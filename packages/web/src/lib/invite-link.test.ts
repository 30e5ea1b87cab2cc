import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetInviteCode,
  inviteCodeFromLaunch,
  inviteShareLink,
  keepInviteCode,
  keptInviteCode,
  rememberLaunchInvite,
} from './invite-link';

describe('invite links', () => {
  beforeEach(() => {
    // Web unit tests run in Node: a Map stands in for the browser's localStorage.
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    forgetInviteCode();
  });

  it('adds the launch channel to the shared path', () => {
    expect(inviteShareLink('/#/pages/user/invite/write?code=AB23CD45', 'https://51.example', 'ch_7')).toBe(
      'https://51.example/#/pages/user/invite/write?code=AB23CD45&channelCode=ch_7',
    );
  });

  it('reads the code only from the write page, upper-cased and well-formed', () => {
    expect(inviteCodeFromLaunch({ hash: '#/pages/user/invite/write?code=ab23cd45&channelCode=x' })).toBe(
      'AB23CD45',
    );
    expect(inviteCodeFromLaunch({ hash: '#/pages/user/assist?code=AB23CD45' })).toBe('');
    expect(inviteCodeFromLaunch({ hash: '#/pages/user/invite/write?code=<script>' })).toBe('');
  });

  it('keeps a launch code for 7 days', () => {
    rememberLaunchInvite({ hash: '#/pages/user/invite/write?code=AB23CD45' });
    expect(keptInviteCode()).toBe('AB23CD45');
    keepInviteCode('EF67GH89', Date.now() - 8 * 86_400_000);
    expect(keptInviteCode()).toBe('');
  });
});
