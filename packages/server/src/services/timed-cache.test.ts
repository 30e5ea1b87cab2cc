import { describe, expect, it } from 'vitest';
import { TimedCache } from './timed-cache.js';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TimedCache', () => {
  it('keeps a value for its time, then reads again', async () => {
    let now = 0;
    const cache = new TimedCache<string>(5_000, () => now);
    let reads = 0;
    const load = async () => `read ${(reads += 1)}`;
    expect(await cache.get(load)).toBe('read 1');
    now = 4_999;
    expect(await cache.get(load)).toBe('read 1');
    now = 5_000;
    expect(await cache.get(load)).toBe('read 2');
  });

  it('does not keep what a read begun before an invalidation answers when it ends after a newer read', async () => {
    const cache = new TimedCache<string>(5_000);
    const old = deferred<string>();
    const stale = cache.get(() => old.promise);
    cache.invalidate(); // the console saved
    expect(await cache.get(async () => 'new')).toBe('new');
    old.resolve('old');
    expect(await stale).toBe('old');
    expect(await cache.get(async () => 'read again')).toBe('new');
  });
});
