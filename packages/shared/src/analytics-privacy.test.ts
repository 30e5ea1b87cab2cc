import { describe, expect, it } from 'vitest';
import { isSecretParamKey, stripSecretParams } from './analytics-privacy.js';

describe('analytics privacy', () => {
  it('finds secrets however the key is spelled', () => {
    for (const key of [
      'token',
      'user_token',
      'accessToken',
      'code',
      'inviteCode',
      'invite-code',
      'smscode',
      'password',
      'newPassword',
      'pwd',
      'tel',
      'phone',
      'email',
      'e_mail',
      'apikey',
      'api_key',
      'sign',
      'Authorization',
      'credential',
    ])
      expect([key, isSecretParamKey(key)]).toEqual([key, true]);
  });

  it('keeps ordinary keys that merely contain such letters', () => {
    for (const key of [
      'author',
      'keyword',
      'episode',
      'hotel',
      'design',
      'passage',
      'route',
      'type',
      'method',
      'field',
      'amount_fen',
      'session_ms',
    ])
      expect([key, isSecretParamKey(key)]).toEqual([key, false]);
  });

  it('copies params without the secrets', () => {
    const params = { route: '/pages/home/home', user_token: 'abc', inviteCode: 'X7', n: 1 };
    expect(stripSecretParams(params)).toEqual({ route: '/pages/home/home', n: 1 });
    expect(params.user_token).toBe('abc');
  });
});
