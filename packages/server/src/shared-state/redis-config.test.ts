/** REDIS_URL / REDIS_KEY_PREFIX as an operator sets them: unset is the embedded default. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('Redis configuration', () => {
  it('is off without REDIS_URL (an empty variable counts as unset)', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: '  ' }).redis).toBeNull();
  });

  it('takes a redis:// or rediss:// URL, with the default prefix dm51: or the one given', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/0',
      keyPrefix: 'dm51:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.internal:6380/2', REDIS_KEY_PREFIX: 'shop-a:' }).redis,
    ).toEqual({ url: 'rediss://cache.internal:6380/2', keyPrefix: 'shop-a:' });
  });

  it('refuses a bad URL, a bad prefix, and a prefix without a URL, naming the variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\//,
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://h', REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'x:' })).toThrow(
      /REDIS_KEY_PREFIX is set but REDIS_URL is not/,
    );
  });
});
