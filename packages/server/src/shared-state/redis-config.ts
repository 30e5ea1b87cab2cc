/**
 * Shared state in Redis (scale-out), read from the environment by config.ts. REDIS_URL
 * unset (the embedded default) keeps every counter, cache and buffer in process memory or in the
 * database exactly as before; set, the state several instances must share moves to Redis.
 */
export interface RedisConfig {
  /** redis:// or rediss:// URL, database number included (redis://127.0.0.1:6379/0). */
  url: string;
  /** Put before every key and channel name, so several deployments (or test runs) share one Redis. */
  keyPrefix: string;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'dm51:';

export function loadRedisConfig(env: NodeJS.ProcessEnv = process.env): RedisConfig | null {
  const url = (env['REDIS_URL'] ?? '').trim();
  const prefix = (env['REDIS_KEY_PREFIX'] ?? '').trim();
  if (url === '') {
    if (prefix !== '') throw new Error('REDIS_KEY_PREFIX is set but REDIS_URL is not (set both, or neither)');
    return null;
  }
  if (!/^rediss?:\/\/[^\s]+$/.test(url)) {
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0');
  }
  const keyPrefix = prefix === '' ? DEFAULT_REDIS_KEY_PREFIX : prefix;
  if (keyPrefix.length > 64 || /[\s*?[\]]/.test(keyPrefix)) {
    throw new Error('REDIS_KEY_PREFIX must be at most 64 characters, without spaces or * ? [ ]');
  }
  return { url, keyPrefix };
}
