import { describe, expect, it } from 'vitest';
import { kosyncTokenState } from './kosync-tokens';
import { serverUrl } from './server-url';

describe('the KOReader sync token hint', () => {
  it('points at a sync token when one exists, else asks for a new token', () => {
    expect(kosyncTokenState([{ kosync: false }, { kosync: true }])).toBe('ready');
    expect(kosyncTokenState([{ kosync: false }])).toBe('opdsOnly');
    expect(kosyncTokenState([])).toBe('none');
  });
});

describe('the URL an e-reader app is given', () => {
  it('is on the API host, or on this page when the API is same-origin', () => {
    expect(serverUrl('/kosync', 'https://api.example/', 'https://app.example')).toBe(
      'https://api.example/kosync',
    );
    expect(serverUrl('/kosync', '', 'https://app.example')).toBe('https://app.example/kosync');
    expect(serverUrl('/opds', null, 'https://app.example')).toBe('https://app.example/opds');
  });
});
